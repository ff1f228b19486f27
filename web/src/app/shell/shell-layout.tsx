import { Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router';
import { ExpiringToast } from '@/features/subscriptions/expiring-toast';
import { Footer } from './footer';
import { Navigation } from './navigation';

/** The root shell: top navigation, the current screen, footer. */
export function ShellLayout() {
  const navigation = useNavigation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navigation />
      {navigation.state === 'loading' ? <LinearProgress aria-label="Loading page" /> : null}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ExpiringToast />
    </Box>
  );
}
