import type { Meeting, MeetingSummary } from '@contracts/catalog';
import { api } from '@/lib/api';

/** The meeting reads (the shell's Meetings menu uses the list too); a meeting page shows its own 404. */
export const meetingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    meetings: build.query<MeetingSummary[], void>({
      query: () => '/meetings',
      transformResponse: (body: { data: MeetingSummary[] }) => body.data,
    }),
    meeting: build.query<Meeting, number>({
      query: (id) => `/meetings/${id}`,
      transformResponse: (body: { data: Meeting }) => body.data,
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useMeetingsQuery, useMeetingQuery } = meetingsApi;
