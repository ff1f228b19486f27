import type { MeetingSummary } from '@contracts/catalog';
import { isPastMeeting, PAST_MEETING } from '@/lib/meetings';
import type { NavEntry } from './nav-menu';

/**
 * The Meetings dropdown of signed-in section 2: View All, then each meeting not HIDDEN_IN_MENU (547),
 * labelled by MENU_LABEL when the catalog sets one (509 "2025", 520 "2025 Art and Craft of Rhinoplasty");
 * a meeting that is over carries the note "Past meeting".
 */
export function meetingEntries(meetings: readonly MeetingSummary[]): NavEntry[] {
  return [
    { label: 'View All', to: '/meeting/list' },
    ...meetings
      .filter((meeting) => !meeting.HIDDEN_IN_MENU)
      .map((meeting) => ({
        label: meeting.MENU_LABEL ?? meeting.NAME,
        to: `/meeting/${meeting.ID}/details`,
        ...(isPastMeeting(meeting) ? { note: PAST_MEETING } : {}),
      })),
  ];
}
