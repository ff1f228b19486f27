import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { Page } from '@/components/page';

const ONE_HOUR_MS = 60 * 60 * 1000;

/** Storefront section 2: scheduled maintenance, expected completion one hour from now. */
export default function MaintenanceRoute() {
  const [completion] = useState(() => new Date(Date.now() + ONE_HOUR_MS));
  const time = completion.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <Page title="Scheduled Maintenance">
      <Alert severity="info" role="note">
        The system is currently under scheduled maintenance. Expected completion is in one hour, at {time}.
      </Alert>
    </Page>
  );
}
