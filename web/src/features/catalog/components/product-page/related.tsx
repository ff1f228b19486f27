import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductListItem } from '@contracts/catalog';
import { formatUsd } from '@/lib/money';
import { productImageProps } from '@/lib/product-image';

/** A few products of the same categories: image, name, price; each a link to its page. */
export function RelatedProducts({ products }: { products: ProductListItem[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <Typography id="related-heading" variant="h5" component="h2" gutterBottom>
        Related products
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {products.map((product) => {
          const price = product.PRICING.SALE_PRICE ?? product.PRICING.PRICE;
          return (
            <Card component="li" variant="outlined" key={product.ID}>
              <CardActionArea
                component={RouterLink}
                to={`/product/${product.SLUG}/${product.ID}`}
                sx={{ height: '100%' }}
              >
                <Box
                  component="img"
                  {...productImageProps(product.ID, '(min-width: 900px) 280px, 50vw')}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', bgcolor: 'grey.200' }}
                />
                <CardContent sx={{ p: 1.5 }}>
                  <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
                    {product.NAME}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatUsd(price)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </section>
  );
}
