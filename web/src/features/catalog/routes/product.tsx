import { useDeferredValue } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useParams } from 'react-router';
import { isCmePackage, isCompletePackage } from '@contracts/catalog';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { LoadError } from '@/components/load-error';
import { NotFoundPage } from '@/components/not-found';
import { useProductQuery } from '@/lib/catalog-api';
import { productImageProps } from '@/lib/product-image';
import { PriceTag } from '../components/price-tag';
import { Contents } from '../components/product-page/contents';
import { FacultyList } from '../components/product-page/faculty';
import { Later } from '../components/product-page/later';
import { SubscriptionIncludes } from '../components/product-page/includes';
import { PreviewClip } from '../components/product-page/preview';
import { PRODUCT_IMAGE_SIZES, ProductSkeleton } from '../components/product-page/product-skeleton';
import { PurchaseBox } from '../components/product-page/purchase-box';
import { RelatedProducts } from '../components/product-page/related';

export const CME_NOTICE =
  'This product can only be purchased with a new or current subscription to Complete, Stream, or eLearning';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * Product detail of storefront section 2 (with the Complete and CME package cases of section 9), made to sell:
 * every format with its price, the videos with running times, the faculty, CME credits, the preview clip,
 * what a subscription includes and related products. A skeleton while it loads; a 404 is Page Not Found,
 * any other failure an error panel with Retry.
 */
export default function ProductRoute() {
  const { name, id } = useParams();
  const { search } = useLocation();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  // currentData, not data: after a click on a related product, data would still be the previous product
  // (RTK Query keeps the last result while the new one loads) and the name check below would send the
  // customer back to it.
  const {
    currentData: loaded,
    isError,
    error,
    refetch,
    isFetching,
  } = useProductQuery(productId, {
    skip: !valid,
  });
  // The page renders from the answer in a transition React slices (the store's update itself re-renders
  // only this component, which keeps the skeleton until then), so the main thread is never blocked long
  // (docs/performance.md). Only this address's product: never an earlier one still being replaced.
  const deferred = useDeferredValue(loaded);
  const product = deferred?.ID === productId ? deferred : undefined;
  const snackbar = useAddedSnackbar();

  if (!valid || (isError && isNotFound(error))) return <NotFoundPage />;
  if (isError && !product) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
        <LoadError what="The product" onRetry={() => void refetch()} retrying={isFetching} />
      </Container>
    );
  }
  if (!product) return <ProductSkeleton productId={productId} />;
  // A wrong or outdated name in the address goes to the product's own one.
  if (name !== product.SLUG) return <Navigate to={`/product/${product.SLUG}/${product.ID}${search}`} replace />;

  // The CME package states its credits in the purchase box.
  const credits = isCmePackage(product) ? 0 : product.CREDITS;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 3fr' } }}>
        <Box
          component="img"
          {...productImageProps(product.ID, PRODUCT_IMAGE_SIZES)}
          alt={product.NAME}
          fetchPriority="high"
          sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', borderRadius: 1, bgcolor: 'grey.200' }}
        />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            {product.NAME}
          </Typography>
          {isCompletePackage(product) ? null : <PriceTag product={product} size="h6" />}
          {credits > 0 ? (
            <Box>
              <Chip color="primary" variant="outlined" label={`${credits} CME credit${credits === 1 ? '' : 's'}`} />
            </Box>
          ) : null}
          {product.CME_RESTRICTED ? (
            <Alert severity="info" role="note">
              {CME_NOTICE}
            </Alert>
          ) : null}
          <PurchaseBox key={product.ID} product={product} onAdded={snackbar.show} />
          {/* The API sanitises DESCR on import; only its html is rendered. */}
          <Box className="product-description" dangerouslySetInnerHTML={{ __html: product.DESCR }} />
        </Stack>
      </Box>
      <Later>
        <Stack spacing={4} sx={{ mt: 4 }}>
          <SubscriptionIncludes product={product} />
          {product.DEMOURL ? <PreviewClip productId={product.ID} url={product.DEMOURL} name={product.NAME} /> : null}
          <Contents titles={product.TITLES} book={product.PRICING.TYPE === 'BOOK'} />
          <FacultyList faculty={product.FACULTY} />
          <RelatedProducts products={product.RELATED} />
        </Stack>
      </Later>
      {snackbar.element}
    </Container>
  );
}
