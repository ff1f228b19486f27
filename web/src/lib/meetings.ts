import type { MeetingSummary } from '@contracts/catalog';

/** Today in the shop's day (UTC, as the server's cart), YYYY-MM-DD. */
export const shopToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** A meeting is past once its last day (END_DATE, or START_DATE for a one-day meeting) is before today. */
export const isPastMeeting = (meeting: Pick<MeetingSummary, 'START_DATE' | 'END_DATE'>, today = shopToday()): boolean =>
  (meeting.END_DATE || meeting.START_DATE) < today;

export const PAST_MEETING = 'Past meeting';
