import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate } from 'react-router';
import {
  DEFAULT_STREAM_PAGE_SIZE,
  DEFAULT_STREAM_PAGE_SIZE_MOBILE,
  DEFAULT_STREAM_SORT,
  NO_RESULTS,
  STREAM_CATEGORY_ELEARNING,
  STREAM_CATEGORY_SPECIAL,
  STREAM_CATEGORY_USER_HOME,
  STREAM_PAGE_SIZES,
  STREAM_PAGE_SIZES_MOBILE,
  STREAM_SORTS,
  type StreamProduct,
  type StreamSort,
} from '@contracts/streaming';
import { useAppSelector } from '@/app/hooks';
import { CategoryMenu } from '@/components/category-menu';
import { ListControls } from '@/components/list-controls';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import type { ListOptions } from '@/lib/list-params';
import { useListState } from '@/lib/use-list-state';
import { useStreamList, useUserHome } from '../api/streaming-api';
import { StreamCard } from '../components/stream-card';
import { useFavorites } from '../components/use-favorites';
import {
  categoryOf,
  categoryPath,
  ELEARNING_DESCRIPTION,
  inCategory,
  matching,
  menuEntries,
  SORT_LABELS,
  sorted,
} from '../paths';

/** Phones get 96 per page with 48/96/144 (signed-in section 9). */
const PHONE_QUERY = '(max-width:599.95px)';
const WIDE_LIST: ListOptions<StreamSort> = {
  sizes: STREAM_PAGE_SIZES,
  defaultSize: DEFAULT_STREAM_PAGE_SIZE,
  sorts: STREAM_SORTS,
  defaultSort: DEFAULT_STREAM_SORT,
};
const PHONE_LIST: ListOptions<StreamSort> = {
  ...WIDE_LIST,
  sizes: STREAM_PAGE_SIZES_MOBILE,
  defaultSize: DEFAULT_STREAM_PAGE_SIZE_MOBILE,
};

/** The rows a phone's first screen shows, rendered first; the rest follow in steps, each a short commit. */
const FIRST_ROWS = 12;
const ROWS_PER_STEP = 24;

/**
 * How many of a page's `total` rows to render: FIRST_ROWS, then ROWS_PER_STEP more in each following
 * task, as transitions. Committing 96 rows at once was one long task on a phone (Lighthouse total
 * blocking time); the rows added lie below the first screen, so nothing in sight moves. Starts again
 * when `page` (the list's address) changes, not when a favourite changes the data.
 */
function useRowsInSteps(total: number, page: string): number {
  const [state, setState] = useState({ page, count: FIRST_ROWS });
  const count = state.page === page ? state.count : FIRST_ROWS;
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setState({ page, count: count + ROWS_PER_STEP })), 0);
    return () => window.clearTimeout(timer);
  }, [count, total, page]);
  return Math.min(count, total);
}

/** The streaming list (signed-in section 2): category menu, search, sort, page size, pagination, favourites. */
export default function StreamingRoute() {
  const token = useAppSelector((state) => state.session.token);
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const { params, search, sort, page, size, update, controls } = useListState(phone ? PHONE_LIST : WIDE_LIST);
  const category = categoryOf(params);

  const list = useStreamList();
  const home = useUserHome();
  const favorites = useFavorites(token);
  const favoriteIds = list.data?.favorites ?? [];
  // One handler for every card, so the memoised cards skip the list's re-renders.
  const toggle = useRef(favorites.toggle);
  toggle.current = favorites.toggle;
  const onFavorite = useCallback((product: StreamProduct, favorite: boolean) => toggle.current(product, favorite), []);

  const entries = menuEntries(home.data?.categories ?? []);
  const shown = useMemo(
    () => sorted(matching(inCategory(list.data?.data ?? [], category, list.data?.favorites ?? []), search), sort),
    [list.data, category, search, sort],
  );

  const pages = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, pages);
  const items = useMemo(() => shown.slice((current - 1) * size, current * size), [shown, current, size]);
  const ready = list.isSuccess;
  const view = useMemo(
    () => (ready ? { count: shown.length, items, pages, current } : null),
    [ready, shown.length, items, pages, current],
  );
  // The results render in a transition React slices into short tasks, not in the answer's own
  // synchronous render: 96 rows never block a phone's main thread in one piece (Lighthouse total
  // blocking time). Count, rows and pages arrive together, so nothing shifts (layout shift).
  const shownView = useDeferredValue(view, null);
  const context = useMemo(() => ({ category: String(category), search: search || null }), [category, search]);
  const rows = useRowsInSteps(shownView?.items.length ?? 0, `${category} ${search} ${sort} ${size} ${current}`);

  if (category === STREAM_CATEGORY_USER_HOME) return <Navigate to="/user/home" replace />;

  const title = entries.find((entry) => entry.ID === category)?.NAME ?? 'Stream';
  const wide = category === STREAM_CATEGORY_SPECIAL;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' } }}>
        <CategoryMenu
          label="Stream categories"
          entries={entries}
          selected={category}
          pathOf={categoryPath}
          placeholder="Choose a category"
        />
        <Box sx={{ minWidth: 0 }}>
          {category === STREAM_CATEGORY_ELEARNING ? (
            <Typography sx={{ mb: 2 }} data-testid="category-description">
              {ELEARNING_DESCRIPTION}
            </Typography>
          ) : null}
          <ListControls searchLabel="Search videos" sizeLabel="Per page" sortLabels={SORT_LABELS} {...controls} />
          {list.isLoading || list.isFetching || (ready && !shownView) ? (
            <LinearProgress aria-label="Loading videos" />
          ) : null}
          {list.isError ? (
            <LoadError what="Your videos" onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : null}
          {ready && shownView ? (
            <>
              <Typography role="status" sx={{ mb: 2 }} color="text.secondary">
                {shownView.count === 0
                  ? NO_RESULTS
                  : `${shownView.count} ${shownView.count === 1 ? 'product' : 'products'}`}
              </Typography>
              <Box
                component="ul"
                aria-label="Videos"
                sx={{
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: phone ? 1 : 2,
                  gridTemplateColumns:
                    wide || phone ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
                }}
              >
                {shownView.items.slice(0, rows).map((product) => {
                  const favorite = favoriteIds.includes(product.ID);
                  return (
                    <StreamCard
                      key={product.ID}
                      product={product}
                      favorite={favorite}
                      context={context}
                      wide={wide}
                      compact={phone}
                      onFavorite={onFavorite}
                    />
                  );
                })}
              </Box>
              <ListPagination pages={shownView.pages} page={shownView.current} update={update} siblingCount={0} />
            </>
          ) : null}
        </Box>
      </Box>
      {favorites.elements}
    </Container>
  );
}
