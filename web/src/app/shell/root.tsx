import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { viewerApi } from '@/lib/auth';
import { selectToken } from '@/lib/session';

/** Effects of every route: scroll to top, and re-check the session on navigation so an ended one is noticed. */
export function Root() {
  const { pathname, search } = useLocation();
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const first = useRef(true);
  const tokenRef = useRef(token);
  tokenRef.current = token;

  // A new path or query (page 2 of a list) starts at the top; a fragment alone (the account tabs) does not move.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  useEffect(() => {
    if (first.current) {
      // The first /api/auth/me call is made by the screens that read the roles.
      first.current = false;
      return;
    }
    // Only a change of page triggers the check, not a change of token (hence the ref).
    const current = tokenRef.current;
    if (current) void dispatch(viewerApi.endpoints.me.initiate(current, { forceRefetch: true, subscribe: false }));
  }, [pathname, dispatch]);

  return <Outlet />;
}
