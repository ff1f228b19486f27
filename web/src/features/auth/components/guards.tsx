import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@contracts/identity';
import { useAppDispatch } from '@/app/hooks';
import { useViewer } from '@/lib/auth';
import { redeemCodeSet, redirectTargetSet } from '@/lib/session';

function Waiting() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** Logged out: go to login with the target remembered (storefront section 2). */
export function RequireLogin() {
  const { loggedIn } = useViewer();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const target = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (loggedIn) return;
    dispatch(redirectTargetSet(target));
    // Book redeem (signed-in section 2): remember the code; the value 'null' becomes an empty code.
    const redeem = /^\/redeem(?:\/([^/]*))?$/.exec(location.pathname);
    if (redeem) {
      const code = decodeURIComponent(redeem[1] ?? '');
      dispatch(redeemCodeSet(code === 'null' ? '' : code));
    }
  }, [loggedIn, target, location.pathname, dispatch]);

  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Any one of the roles suffices; a user lacking them goes home. */
export function RequireRole({ anyOf }: { anyOf: Role[] }) {
  const viewer = useViewer();
  if (!viewer.loggedIn) return <RequireLogin />;
  if (viewer.loading) return <Waiting />;
  return viewer.hasAnyRole(...anyOf) ? <Outlet /> : <Navigate to="/" replace />;
}
