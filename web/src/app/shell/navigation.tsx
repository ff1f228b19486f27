import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useLogoutMutation } from '@/features/auth/api/auth-api';
import { useMeetingsQuery } from '@/features/meetings/api/meetings-api';
import { useViewer } from '@/lib/auth';
import { useServerCart } from '@/lib/cart/cart-api';
import { loggedOut } from '@/lib/session';
import { HeaderSearch } from './header-search';
import { meetingEntries } from './meetings';
import { NavMenu, type NavEntry } from './nav-menu';
import type { NavSection } from './nav-drawer';

const loadDrawer = () => import('./nav-drawer');
// The drawer (modal, focus trap) is fetched on first touch of the menu button, not with the shell.
const NavDrawer = lazy(loadDrawer);
const DRAWER_ID = 'navigation-drawer';

/** Top navigation of signed-in section 2 ("Navigation and footer"): a bar from md up, a menu button and drawer below. */
export function Navigation() {
  const viewer = useViewer();
  const cartCount = useServerCart().data?.cartTotalQty ?? 0;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const meetings = useMeetingsQuery().data ?? [];
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  const onLogout = async () => {
    // The session ends locally whatever the server answers.
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(loggedOut());
    navigate('/');
  };

  const shopEntries: NavEntry[] = [
    { label: 'Books', to: '/products/14' },
    { label: 'Videos', to: '/products/0' },
  ];
  const streamLink = viewer.loggedIn && viewer.hasAnyRole('streaming');
  const streamEntries: NavEntry[] = [
    { label: 'Complete', to: '/static/qmp-complete-info' },
    { label: 'eLearning', to: '/static/elearning-details' },
  ];
  const meetingList = meetingEntries(meetings);
  const accountEntries: NavEntry[] = [
    { label: 'Profile', to: '/user/account' },
    ...(viewer.hasAnyRole('cme', 'cmePrint') ? [{ label: 'CME Center', to: '/cme-center' }] : []),
    { label: 'Redeem Book', to: '/redeem' },
    ...(viewer.hasAnyRole('iflap') ? [{ label: 'iFlap', to: '/iflap/home', newWindow: true }] : []),
    { label: 'Logout', onSelect: () => void onLogout() },
  ];
  const sections: NavSection[] = [
    { label: 'Home', to: '/' },
    { label: 'Shop', entries: shopEntries },
    streamLink ? { label: 'Stream', to: '/streaming' } : { label: 'Stream', entries: streamEntries },
    { label: 'Meetings', entries: meetingList },
    viewer.loggedIn ? { label: 'Account', entries: accountEntries } : { label: 'Login', to: '/login' },
  ];

  return (
    <AppBar position="static" component="header">
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 0.5, py: 0.5 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Menu"
          aria-controls={drawerOpen ? DRAWER_ID : undefined}
          aria-expanded={drawerOpen}
          onMouseEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Button color="inherit" component={RouterLink} to="/" sx={{ fontWeight: 700, mr: 1 }}>
          Home
        </Button>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, alignItems: 'center' }}>
          <NavMenu label="Shop" entries={shopEntries} />
          {streamLink ? (
            <Button color="inherit" component={RouterLink} to="/streaming">
              Stream
            </Button>
          ) : (
            <NavMenu label="Stream" entries={streamEntries} />
          )}
          <NavMenu label="Meetings" entries={meetingList} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, alignItems: 'center' }}>
          <HeaderSearch />
          {viewer.loggedIn ? (
            <NavMenu label="Account" entries={accountEntries} />
          ) : (
            <Button color="inherit" component={RouterLink} to="/login">
              Login
            </Button>
          )}
        </Box>
        <Button
          color="inherit"
          component={RouterLink}
          to="/cart"
          startIcon={<ShoppingCart />}
          aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : 'Cart'}
        >
          Cart
          {/* The count after the word, so what shows ("Cart 2") reads in order inside the name "Cart, 2
              items" (WCAG 2.5.3: the visible label is part of the accessible name). */}
          {cartCount > 0 ? (
            <Box
              component="span"
              sx={{
                ml: 1,
                minWidth: 20,
                height: 20,
                px: 0.75,
                borderRadius: 10,
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                fontSize: '0.75rem',
                lineHeight: '20px',
                textAlign: 'center',
              }}
            >
              {cartCount}
            </Box>
          ) : null}
        </Button>
      </Toolbar>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer id={DRAWER_ID} open={drawerOpen} sections={sections} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
