import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { productImageProps } from '@/lib/product-image';

/** The widths the product image is shown at (the page and its skeleton alike). */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1200px) 460px, (min-width: 900px) 37vw, 100vw';

/**
 * The product page's shape while it loads: the product image itself (its id is in the address, so it
 * shows before the product's data; web/public/boot.js has preloaded it), the title, price and button.
 */
export function ProductSkeleton({ productId }: { productId: number }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }} role="status" aria-busy="true" aria-label="Loading product">
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}>
        <Box
          component="img"
          {...productImageProps(productId, PRODUCT_IMAGE_SIZES)}
          alt=""
          fetchPriority="high"
          sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', borderRadius: 1, bgcolor: 'grey.200' }}
        />
        <Stack spacing={2}>
          <Skeleton variant="text" sx={{ fontSize: '2.125rem' }} width="80%" />
          <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} width="40%" />
          <Skeleton variant="rounded" width={140} height={40} />
          <Skeleton variant="rounded" width={160} height={42} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="60%" />
        </Stack>
      </Box>
    </Container>
  );
}
