/** When a retake opens, in the reader's own time zone (the server's refusal names it in UTC). */
export const retakeTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
