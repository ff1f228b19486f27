import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router';
import type { ExpiringSubscription } from '@contracts/identity';
import type { FailedRenewal } from '@contracts/renewals';
import { useAppSelector } from '@/app/hooks';
import { useExpiringQuery, useFailedRenewalsQuery } from './api/subscriptions-api';
import { formatUsd } from '@/lib/money';
import { readStoredSession, selectToken } from '@/lib/session';

const SHOWN_KEY = 'expiring-toast-shown';

const typeName = (type: string): string =>
  ({ qmpcomplete: 'Complete', elearning: 'eLearning', streaming_all: 'Stream', STREAMING_ALL: 'Stream', cme: 'CME' })[
    type
  ] ?? type;

/** The toast's renew link: the cart route, which adds the renewal once (libs/contracts/cart.ts). */
function renewPath(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function RenewMenu({ subscription, onChosen }: { subscription: ExpiringSubscription; onChosen: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        Renew {typeName(subscription.TYPE)} with a 10% discount
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {subscription.URLS.map((link) => (
          <MenuItem
            key={link.TERM}
            component={RouterLink}
            to={renewPath(link.URL)}
            onClick={() => {
              setAnchor(null);
              onChosen();
            }}
          >
            {link.TERM} Year{link.TERM > 1 ? 's' : ''}: {formatUsd(link.COST)} / year
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The automatic renewal of this subscription and expiry failed: says so, with the gateway's reason. */
function RenewalFailedNote({ failed, subscription }: { failed: FailedRenewal[]; subscription: ExpiringSubscription }) {
  const renewal = failed.find((f) => f.TYPE === subscription.TYPE && f.DT === subscription.DT.split('T')[0]);
  if (!renewal) return null;
  return (
    <div style={{ marginTop: 4 }}>
      <strong>Automatic renewal failed:</strong> {renewal.ERRORS.join(' ')} Nothing was charged.
    </div>
  );
}

/**
 * Expiring-subscription toast (signed-in section 2): after login (the login response's EXPIRATIONS) and on
 * app start for a logged-in user (GET /api/subscriptions/expiring). Dismissible; shown once per session.
 * An automatic renewal that failed (GET /api/subscriptions/renewals/failed) is said under its subscription.
 * A banner under the navigation that pushes the page down, never a layer over it: on a phone a floating
 * toast hid the bottom of every page (the footer, a form's Save) until it was closed.
 */
export function ExpiringToast() {
  const token = useAppSelector(selectToken);
  const [dismissed, setDismissed] = useState<string | null>(() => sessionStorage.getItem(SHOWN_KEY));
  const [shownFor, setShownFor] = useState<string | null>(null);
  const wanted = token !== null && (dismissed !== token || shownFor === token);
  const { data } = useExpiringQuery(wanted && token ? token : skipToken);
  const { data: failed } = useFailedRenewalsQuery(wanted && token ? token : skipToken);
  const fromLogin = token ? (readStoredSession()?.EXPIRATIONS ?? []) : [];
  const list = data?.data ?? fromLogin;
  const open = wanted && list.length > 0;

  useEffect(() => {
    // Once shown, the toast does not come back in this browser session for this login.
    if (open && token && shownFor !== token) {
      setShownFor(token);
      sessionStorage.setItem(SHOWN_KEY, token);
    }
  }, [open, token, shownFor]);

  const close = () => {
    setShownFor(null);
    setDismissed(token);
  };

  if (!open) return null;
  return (
    <Alert
      severity="warning"
      onClose={close}
      role="region"
      aria-label="Expiring subscriptions"
      // The close button is a 44 px tap target; the banner spans the page under the navigation.
      slotProps={{ closeButton: { sx: { width: 44, height: 44 } } }}
      sx={{ borderRadius: 0, px: { xs: 2, sm: 3 }, '& .MuiAlert-action': { alignItems: 'flex-start', pt: 0 } }}
    >
      <AlertTitle>Your subscription is expiring</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {list.map((subscription) => (
          <li key={subscription.TYPE}>
            {typeName(subscription.TYPE)} expires on {subscription.DT.split('T')[0]}
            <RenewalFailedNote failed={failed?.data ?? []} subscription={subscription} />
            {subscription.URLS.length > 0 ? (
              <div style={{ marginTop: 4 }}>
                <RenewMenu subscription={subscription} onChosen={close} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
