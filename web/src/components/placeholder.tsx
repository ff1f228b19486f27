import Alert from '@mui/material/Alert';
import { Page } from './page';

/** A screen whose feature is not built yet says so instead of showing a blank page. */
export function Placeholder({ title, feature }: { title: string; feature: string }) {
  return (
    <Page title={title}>
      <Alert severity="info" role="note">
        This screen arrives with the {feature} feature.
      </Alert>
    </Page>
  );
}
