import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, useLocation } from 'react-router';
import type { ShortPath } from '@contracts/catalog';
import { useShortPathsQuery } from '../api/short-paths-api';
import { NotFoundPage } from '@/components/not-found';

export function shortPathTarget(entry: ShortPath): string | null {
  if (entry.MEETING_ID !== null) return `/meeting/${entry.MEETING_ID}/${entry.TAB ?? 'details'}`;
  // The product page corrects the name part of the address itself.
  if (entry.PRODUCT_ID !== null) return `/product/p/${entry.PRODUCT_ID}`;
  return null;
}

/**
 * Any other path: a marketing short path of storefront section 2 (e.g. rhinoplasty2025/register) goes to
 * its meeting tab or product page; everything else is "Page Not Found".
 */
export default function CatchAllRoute() {
  const { pathname, search } = useLocation();
  const { data, isLoading } = useShortPathsQuery();
  if (isLoading) return <LinearProgress aria-label="Loading page" />;
  const wanted = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  const entry = data?.find((candidate) => candidate.PATH.replace(/^\/+|\/+$/g, '').toLowerCase() === wanted);
  const target = entry ? shortPathTarget(entry) : null;
  if (target) return <Navigate to={target + search} replace />;
  return <NotFoundPage />;
}
