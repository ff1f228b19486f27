import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productImage } from '@/lib/product-image';

/** The public preview clip (DEMOURL, under assets/preview/): loaded only when played, with the product image as poster. */
export function PreviewClip({ productId, url, name }: { productId: number; url: string; name: string }) {
  return (
    <section aria-labelledby="preview-heading">
      <Typography id="preview-heading" variant="h5" component="h2" gutterBottom>
        Preview
      </Typography>
      <Box
        component="video"
        controls
        preload="none"
        playsInline
        poster={productImage(productId)}
        src={`/${url.replace(/^\/+/, '')}`}
        width={800}
        height={600}
        aria-label={`Preview of ${name}`}
        sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', bgcolor: 'common.black', borderRadius: 1 }}
      />
    </section>
  );
}
