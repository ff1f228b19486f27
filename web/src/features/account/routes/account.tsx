import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { useReferenceQuery } from '@/lib/catalog-api';
import { selectToken } from '@/lib/session';
import { useAccountQuery } from '../api/account-api';
import { AddressTab } from '../components/address-form';
import { ProfileTab } from '../components/profile-form';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'billing', label: 'Billing' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The tab the URL fragment names; profile when it names none of these. */
const tabOf = (hash: string): TabId => TABS.find((tab) => `#${tab.id}` === hash)?.id ?? 'profile';

/** user/account (signed-in section 2): the profile, shipping and billing tabs, chosen by the fragment. */
export default function AccountRoute() {
  const { hash } = useLocation();
  const token = useAppSelector(selectToken);
  const account = useAccountQuery(token ?? '', { skip: token === null });
  // The forms mount once the state, country, specialty and status lists are there, so a native select
  // can show the saved value from its first render.
  const reference = useReferenceQuery();
  const isError = account.isError || reference.isError;
  const current = tabOf(hash);
  const user = reference.data ? account.data?.data : undefined;

  return (
    <Page title="Account">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={current} aria-label="Account sections" variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((tab) => (
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
        {isError ? <Alert severity="error">Your account could not be loaded. Please try again.</Alert> : null}
        {!user || token === null ? (
          isError ? null : (
            <LinearProgress aria-label="Loading account" />
          )
        ) : current === 'profile' ? (
          <ProfileTab key="profile" user={user} token={token} />
        ) : (
          <AddressTab key={current} kind={current} user={user} token={token} />
        )}
      </Box>
    </Page>
  );
}
