import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useLogoutMutation } from '@/features/auth/api/auth-api';
import { useMeetingsQuery } from '@/features/meetings/api/meetings-api';
import { useViewer } from '@/lib/auth';
import { useServerCart } from '@/lib/cart/cart-api';
import { loggedOut } from '@/lib/session';
import { meetingEntries } from './meetings';
import { NavMenu, type NavEntry } from './nav-menu';

/** Top navigation of signed-in section 2 ("Navigation and footer"). */
export function Navigation() {
  const viewer = useViewer();
  const cartCount = useServerCart().data?.cartTotalQty ?? 0;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const meetings = useMeetingsQuery().data ?? [];

  const onLogout = async () => {
    // The session ends locally whatever the server answers.
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(loggedOut());
    navigate('/');
  };

  const accountEntries: NavEntry[] = [
    { label: 'Profile', to: '/user/account' },
    ...(viewer.hasAnyRole('cme', 'cmePrint') ? [{ label: 'CME Center', to: '/cme-center' }] : []),
    { label: 'Redeem Book', to: '/redeem' },
    ...(viewer.hasAnyRole('iflap') ? [{ label: 'iFlap', to: '/iflap/home', newWindow: true }] : []),
    { label: 'Logout', onSelect: () => void onLogout() },
  ];

  return (
    <AppBar position="static" component="header">
      <Toolbar component="nav" aria-label="Main" sx={{ flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
        <Button color="inherit" component={RouterLink} to="/" sx={{ fontWeight: 700, mr: 1 }}>
          Home
        </Button>
        <NavMenu
          label="Shop"
          entries={[
            { label: 'Books', to: '/products/14' },
            { label: 'Videos', to: '/products/0' },
          ]}
        />
        {viewer.loggedIn && viewer.hasAnyRole('streaming') ? (
          <Button color="inherit" component={RouterLink} to="/streaming">
            Stream
          </Button>
        ) : (
          <NavMenu
            label="Stream"
            entries={[
              { label: 'Complete', to: '/static/qmp-complete-info' },
              { label: 'eLearning', to: '/static/elearning-details' },
            ]}
          />
        )}
        <NavMenu label="Meetings" entries={meetingEntries(meetings)} />
        <Box sx={{ flexGrow: 1 }} />
        {viewer.loggedIn ? (
          <NavMenu label="Account" entries={accountEntries} />
        ) : (
          <Button color="inherit" component={RouterLink} to="/login">
            Login
          </Button>
        )}
        <Button
          color="inherit"
          component={RouterLink}
          to="/cart"
          startIcon={
            <Badge badgeContent={cartCount} color="secondary" invisible={cartCount === 0}>
              <ShoppingCart />
            </Badge>
          }
          aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : 'Cart'}
        >
          Cart
        </Button>
      </Toolbar>
    </AppBar>
  );
}
