import { Page } from './page';
import { AppLink } from './router-link';

/** "Page Not Found" inside the shell: unknown paths and unknown ids of detail screens. */
export function NotFoundPage() {
  return (
    <Page title="Page Not Found">
      <AppLink to="/">Go to the home page</AppLink>
    </Page>
  );
}
