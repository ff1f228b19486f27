import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectToken } from '@/lib/session';
import { Footer } from './footer';
import { Navigation } from './navigation';

// The toast (alert, menu) loads only for a logged-in user, outside the first download.
const ExpiringToast = lazy(async () => ({
  default: (await import('@/features/subscriptions/expiring-toast')).ExpiringToast,
}));

/** The root shell: top navigation, the expiring-subscription banner, the current screen, footer. */
export function ShellLayout() {
  const navigation = useNavigation();
  const loggedIn = useAppSelector(selectToken) !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navigation />
      {/* In the flow under the navigation: the toast pushes the page down and covers none of it. */}
      {loggedIn ? (
        <Suspense fallback={null}>
          <ExpiringToast />
        </Suspense>
      ) : null}
      {navigation.state === 'loading' ? <LinearProgress aria-label="Loading page" /> : null}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
