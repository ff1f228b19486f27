import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Me, Role } from '@contracts/identity';
import { useAppSelector } from '@/app/hooks';
import { selectToken } from '@/lib/session';
import { useMeQuery } from './api/auth-api';

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
  const token = useAppSelector(selectToken);
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
