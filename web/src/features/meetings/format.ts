import type { MeetingSummary } from '@contracts/catalog';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "June 5, 2025 – June 7, 2025" from the YYYY-MM-DD dates of a meeting. */
export function meetingDates(meeting: MeetingSummary): string {
  const start = dateFormat.format(new Date(`${meeting.START_DATE}T00:00:00Z`));
  if (!meeting.END_DATE || meeting.END_DATE === meeting.START_DATE) return start;
  return `${start} – ${dateFormat.format(new Date(`${meeting.END_DATE}T00:00:00Z`))}`;
}
