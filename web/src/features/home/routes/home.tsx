import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page';
import { useViewer } from '@/features/auth/hooks';

/** Home (storefront section 2): the catalog cards arrive with the catalog feature. */
export default function HomeRoute() {
  const viewer = useViewer();
  return (
    <Page title="Welcome">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">The home page cards arrive with the catalog feature.</Alert>
        {viewer.loggedIn && viewer.hasAnyRole('streaming') ? (
          <Button variant="contained" component={RouterLink} to="/streaming">
            Stream
          </Button>
        ) : null}
      </Stack>
    </Page>
  );
}
