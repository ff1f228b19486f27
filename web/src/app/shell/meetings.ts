import type { NavEntry } from './nav-menu';

export interface MeetingRef {
  ID: number;
  NAME: string;
}

/** Meeting labels of signed-in section 2: 547 is hidden, 509 shows as "2025", 520 has its own label. */
const HIDDEN_MEETINGS = new Set([547]);
const MEETING_LABELS: Record<number, string> = { 509: '2025', 520: '2025 Art and Craft of Rhinoplasty' };

export function meetingEntries(meetings: MeetingRef[]): NavEntry[] {
  return [
    { label: 'View All', to: '/meeting/list' },
    ...meetings
      .filter((meeting) => !HIDDEN_MEETINGS.has(meeting.ID))
      .map((meeting) => ({ label: MEETING_LABELS[meeting.ID] ?? meeting.NAME, to: `/meeting/${meeting.ID}` })),
  ];
}
