import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import {
  NO_RESULTS,
  STREAM_CATEGORY_ELEARNING,
  STREAM_CATEGORY_SPECIAL,
  STREAM_CATEGORY_USER_HOME,
  STREAM_SORTS,
} from '@contracts/streaming';
import { useAppSelector } from '@/app/hooks';
import { ListControls } from '@/components/list-controls';
import { useStreamList, useUserHome } from '../api/streaming-api';
import { CategoryMenu } from '@/components/category-menu';
import { StreamCard } from '../components/stream-card';
import { useFavorites } from '../components/use-favorites';
import { categoryPath, ELEARNING_DESCRIPTION, inCategory, matching, menuEntries, SORT_LABELS, sorted } from '../paths';
import { useListState } from '../use-list-state';

/** The streaming list (signed-in section 2): category menu, search, sort, page size, pagination, favourites. */
export default function StreamingRoute() {
  const token = useAppSelector((state) => state.session.token);
  const { category, search, sort, page, size, sizes, update } = useListState();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  const list = useStreamList();
  const home = useUserHome();
  const favorites = useFavorites(token);
  const favoriteIds = list.data?.favorites ?? [];

  const entries = menuEntries(home.data?.categories ?? []);
  const shown = useMemo(
    () => sorted(matching(inCategory(list.data?.data ?? [], category, list.data?.favorites ?? []), search), sort),
    [list.data, category, search, sort],
  );

  if (category === STREAM_CATEGORY_USER_HOME) return <Navigate to="/user/home" replace />;

  const title = entries.find((entry) => entry.ID === category)?.NAME ?? 'Stream';
  const pages = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, pages);
  const items = shown.slice((current - 1) * size, current * size);
  const context = { category: String(category), search: search || null };
  const wide = category === STREAM_CATEGORY_SPECIAL;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft.trim(), page: null });
  };

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
          <ListControls
            searchLabel="Search videos"
            draft={draft}
            onDraftChange={setDraft}
            onSearch={onSearch}
            sizeLabel="Per page"
            sizes={sizes}
            size={size}
            onSize={(value) => update({ size: value, page: null })}
            sorts={STREAM_SORTS}
            sortLabels={SORT_LABELS}
            sort={sort}
            onSort={(value) => update({ sort: value, page: null })}
          />
          {list.isLoading || list.isFetching ? <LinearProgress aria-label="Loading videos" /> : null}
          {list.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                  Try again
                </Button>
              }
            >
              Your videos could not be loaded.
            </Alert>
          ) : null}
          {list.isSuccess ? (
            <>
              <Typography role="status" sx={{ mb: 2 }} color="text.secondary">
                {shown.length === 0 ? NO_RESULTS : `${shown.length} ${shown.length === 1 ? 'product' : 'products'}`}
              </Typography>
              <Box
                component="ul"
                aria-label="Videos"
                sx={{
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: wide ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
                }}
              >
                {items.map((product) => {
                  const favorite = favoriteIds.includes(product.ID);
                  return (
                    <StreamCard
                      key={product.ID}
                      product={product}
                      favorite={favorite}
                      context={context}
                      wide={wide}
                      onFavorite={(p) => favorites.toggle(p, favorite)}
                    />
                  );
                })}
              </Box>
              {pages > 1 ? (
                <Pagination
                  sx={{ mt: 3 }}
                  count={pages}
                  page={current}
                  siblingCount={0}
                  onChange={(_, value) => update({ page: value === 1 ? null : value })}
                  getItemAriaLabel={(type, value, selected) =>
                    type === 'page' ? `${selected ? '' : 'Go to '}page ${value}` : `Go to ${type} page`
                  }
                />
              ) : null}
            </>
          ) : null}
        </Box>
      </Box>
      {favorites.elements}
    </Container>
  );
}
