import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';

export default function NotFoundRoute() {
  return (
    <Page title="Page Not Found">
      <AppLink to="/">Go to the home page</AppLink>
    </Page>
  );
}
