import type { Faculty, FacultySummary } from '@contracts/catalog';
import { api } from '@/lib/api';

/** The faculty reads; a member's page shows "Page Not Found" for an unknown id itself. */
export const facultyApi = api.injectEndpoints({
  endpoints: (build) => ({
    faculty: build.query<FacultySummary[], void>({
      query: () => '/faculty',
      transformResponse: (body: { data: FacultySummary[] }) => body.data,
    }),
    facultyMember: build.query<Faculty | null, number>({
      query: (userId) => `/faculty/${userId}`,
      // The spec reads the first entry of the list.
      transformResponse: (body: { data: Faculty[] }) => body.data[0] ?? null,
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useFacultyQuery, useFacultyMemberQuery } = facultyApi;
