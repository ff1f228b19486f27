import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import type { Me, Role } from '@contracts/identity';
import { api } from './api';
import { selectToken } from './session';

/**
 * Who is using the browser, shared by every feature (bulletproof-react's lib/auth): the roles from
 * GET /api/auth/me. The sign-in screens and their calls live in features/auth.
 */
export const viewerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by token so another account's roles never show after a new login. */
    me: build.query<Me, string>({
      query: () => '/auth/me',
      providesTags: ['Me'],
    }),
  }),
});

export const { useMeQuery } = viewerApi;

export interface Viewer {
  loggedIn: boolean;
  /** True while the roles of a logged-in user are not known yet. */
  loading: boolean;
  me: Me | null;
  roles: Role[];
  hasAnyRole: (...roles: Role[]) => boolean;
}

/** The current user as the screens see it: logged in or not, and the roles from GET /api/auth/me. */
export function useViewer(): Viewer {
  const token = useSelector(selectToken);
  const { data, isLoading, isError } = useMeQuery(token ?? skipToken);
  const roles = token && data ? data.roles : [];
  return {
    loggedIn: token !== null,
    loading: token !== null && !data && (isLoading || !isError),
    me: token ? (data ?? null) : null,
    roles,
    hasAnyRole: (...wanted) => wanted.some((role) => roles.includes(role)),
  };
}
