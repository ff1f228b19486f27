import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab, { tabClasses } from '@mui/material/Tab';
import Tabs, { tabsClasses } from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Page } from '@/components/page';
import { useAccountQuery } from '@/lib/account-api';
import { useViewer } from '@/lib/auth';
import { useReferenceQuery } from '@/lib/catalog-api';
import { selectToken } from '@/lib/session';
import { AddressForm } from '../components/address-form';
import { CardForm } from '../components/card-form';
import { CmeTab } from '../components/cme-form';
import { OrdersTab } from '../components/orders-tab';
import { ProfileTab } from '../components/profile-form';
import { SubscriptionsTab } from '../components/subscriptions-tab';

/**
 * The tabs wrap onto a second row on a phone rather than scroll (every tab in view, each at least 44 px
 * high); there the selected one is underlined by itself, since the sliding indicator cannot follow a
 * tab on another row.
 */
const wrappingTabs = {
  [`& .${tabsClasses.list}`]: { flexWrap: 'wrap' },
  [`& .${tabsClasses.indicator}`]: { display: { xs: 'none', md: 'block' } },
  [`& .${tabClasses.root}`]: { minHeight: 48, px: { xs: 1.5, md: 2 } },
  [`& .${tabClasses.selected}`]: { boxShadow: { xs: 'inset 0 -2px 0 currentColor', md: 'none' } },
} as const;

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'billing', label: 'Billing' },
  { id: 'orders', label: 'Orders' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'cme', label: 'CME Info' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The tab the URL fragment names; profile when it names none of the shown ones. */
const tabOf = (hash: string, shown: readonly { id: TabId }[]): TabId =>
  shown.find((tab) => `#${tab.id}` === hash)?.id ?? 'profile';

/** Profile, shipping and billing edit the account: they mount once it and the reference lists are there. */
function AccountForms({ tab, token }: { tab: 'profile' | 'shipping' | 'billing'; token: string }) {
  const account = useAccountQuery(token);
  // A native select shows the saved state, country, specialty or status from its first render.
  const reference = useReferenceQuery();
  const user = reference.data ? account.data?.data : undefined;
  if (account.isError || reference.isError) {
    const retry = () => {
      if (account.isError) void account.refetch();
      if (reference.isError) void reference.refetch();
    };
    return <LoadError what="Your account" onRetry={retry} retrying={account.isFetching || reference.isFetching} />;
  }
  if (!user) return <LinearProgress aria-label="Loading account" />;
  if (tab === 'profile') return <ProfileTab key="profile" user={user} token={token} />;
  if (tab === 'shipping') return <AddressForm key="shipping" kind="shipping" user={user} token={token} />;
  return (
    <Stack spacing={4} divider={<Divider flexItem />}>
      <AddressForm key="billing" kind="billing" user={user} token={token} />
      {/* Signed-in section 2 names a Card section but no card fragment: it sits on the billing tab. */}
      <CardForm token={token} />
    </Stack>
  );
}

/**
 * user/account (signed-in section 2): profile, shipping, billing (with the card), orders, subscriptions
 * and, for roles cme or cmePrint, CME info; the tab is chosen by the fragment. Each tab loads its data
 * when it is first shown.
 */
export default function AccountRoute() {
  const { hash } = useLocation();
  const token = useAppSelector(selectToken);
  const viewer = useViewer();
  const cme = viewer.hasAnyRole('cme', 'cmePrint');
  const shown = TABS.filter((tab) => tab.id !== 'cme' || cme);
  // #cme waits for the roles rather than flashing the profile tab.
  const waiting = hash === '#cme' && viewer.loading;
  const current = tabOf(hash, shown);

  return (
    <Page title="Account">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={waiting ? false : current} aria-label="Account sections" sx={wrappingTabs}>
          {shown.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.label}
              id={`account-tab-${tab.id}`}
              aria-controls="account-panel"
              component={Link}
              to={{ hash: tab.id }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="account-panel" aria-labelledby={`account-tab-${current}`}>
        {token === null || waiting ? (
          <LinearProgress aria-label="Loading account" />
        ) : current === 'orders' ? (
          <OrdersTab token={token} />
        ) : current === 'subscriptions' ? (
          <SubscriptionsTab token={token} />
        ) : current === 'cme' ? (
          <CmeTab token={token} />
        ) : (
          <AccountForms tab={current} token={token} />
        )}
      </Box>
    </Page>
  );
}
