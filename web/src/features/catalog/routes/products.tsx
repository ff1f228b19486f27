import { useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  DEFAULT_PRODUCT_SORT,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORTS,
  type ProductListItem,
  type ProductSort,
} from '@contracts/catalog';
import { CategoryMenu } from '@/components/category-menu';
import { ListControls } from '@/components/list-controls';
import { ListPagination } from '@/components/list-pagination';
import { NotFoundPage } from '@/components/not-found';
import { useProductsQuery } from '@/lib/catalog-api';
import type { ListOptions } from '@/lib/list-params';
import { useListState } from '@/lib/use-list-state';
import { useCategoriesQuery } from '../api/catalog-api';
import { ProductCard } from '../components/product-card';

export const SORT_LABELS: Record<ProductSort, string> = {
  PUBDATE_DESC: 'Newest first',
  PUBDATE_ASC: 'Oldest first',
  NAME_ASC: 'Name: A to Z',
  NAME_DESC: 'Name: Z to A',
  SALE_PRICE_ASC: 'Price: low to high',
  SALE_PRICE_DESC: 'Price: high to low',
};

/** Cards in sight on the first screen (two rows of two on a phone): their images load at once. */
const FIRST_SCREEN_CARDS = 4;

/** One empty list for every render without products (a new one each time would restart the deferred cards). */
const NO_PRODUCTS: ProductListItem[] = [];

const DEFAULT_TITLES: Record<number, string> = { 0: 'Videos', 14: 'Books' };

/** The list's page sizes and sorts (storefront section 2); page, size, sort and search live in the URL. */
const LIST_OPTIONS: ListOptions<ProductSort> = {
  sizes: PRODUCT_PAGE_SIZES,
  defaultSize: DEFAULT_PRODUCT_PAGE_SIZE,
  sorts: PRODUCT_SORTS,
  defaultSort: DEFAULT_PRODUCT_SORT,
};

/** Product list of storefront section 2: side menu, search, page size, sort and pagination. */
export default function ProductsRoute() {
  const { id } = useParams();
  const category = Number(id);
  const { size, sort, page, search, update, controls } = useListState(LIST_OPTIONS);

  const categories = useCategoriesQuery();
  const valid = Number.isInteger(category) && category >= 0;
  const products = useProductsQuery({ category, search, sort, page, size }, { skip: !valid });

  const menu = (categories.data ?? []).filter((entry) => entry.MENU);
  const title = categories.data?.find((entry) => entry.ID === category)?.NAME ?? DEFAULT_TITLES[category] ?? 'Products';
  const loaded = products.isSuccess || products.isError;
  const items = products.isSuccess && !products.isFetching ? products.data.data : NO_PRODUCTS;
  // The cards render after the answer, in a transition React slices (not in the store update's own
  // synchronous render), so 48 cards never block the main thread in one piece (docs/performance.md).
  const cards = useDeferredValue(items);
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));

  if (!valid) return <NotFoundPage />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '220px 1fr' } }}>
        <CategoryMenu
          label="Categories"
          entries={menu}
          selected={category}
          pathOf={(id) => `/products/${id}`}
          placeholder={title}
        />
        <Box>
          <ListControls searchLabel="Search products" sizeLabel="Page size" sortLabels={SORT_LABELS} {...controls} />
          {!loaded || products.isFetching ? <LinearProgress aria-label="Loading products" /> : null}
          {loaded ? (
            <Box aria-busy={products.isFetching}>
              {products.isSuccess && !products.isFetching ? (
                <Typography role="status" sx={{ mb: 2 }} color="text.secondary">
                  {total === 0 ? 'No results found' : `${total} products`}
                </Typography>
              ) : null}
              <Box
                component="ul"
                aria-label="Products"
                sx={{
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: {
                    xs: 'repeat(auto-fill, minmax(150px, 1fr))',
                    sm: 'repeat(auto-fill, minmax(180px, 1fr))',
                  },
                }}
              >
                {cards.map((product, index) => (
                  <ProductCard key={product.ID} product={product} firstScreen={index < FIRST_SCREEN_CARDS} />
                ))}
              </Box>
              <ListPagination pages={pages} page={page} update={update} />
            </Box>
          ) : null}
        </Box>
      </Box>
    </Container>
  );
}
