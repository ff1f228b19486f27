import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { NotFoundPage } from '@/components/not-found';
import { STATIC_PAGES } from '../content';

/** static/* (storefront section 2): one of the known pages, otherwise Page Not Found. */
export default function StaticPageRoute() {
  const params = useParams();
  const page = STATIC_PAGES[(params['*'] ?? '').replace(/\/$/, '')];
  if (!page) return <NotFoundPage />;
  return <Page title={page.title}>{page.body}</Page>;
}
