import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductListItem } from '@contracts/catalog';
import { PriceTag } from './price-tag';
import { productImageProps } from '@/lib/product-image';

/**
 * One product of a list: image, name (a link to the detail page) and price. The cards of the first
 * screen (`firstScreen`) load their image at once, the first of them before anything else (it is the
 * page's largest paint); the others wait until they come near the view.
 */
export function ProductCard({ product, firstScreen = false }: { product: ProductListItem; firstScreen?: boolean }) {
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={`/product/${product.SLUG}/${product.ID}`} sx={{ flexGrow: 1 }}>
        <CardMedia
          component="img"
          {...productImageProps(product.ID, '(max-width: 599px) 50vw, (max-width: 1199px) 33vw, 300px')}
          alt=""
          loading={firstScreen ? 'eager' : 'lazy'}
          fetchPriority={firstScreen ? 'high' : 'auto'}
          sx={{ height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.200' }}
        />
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {product.NAME}
          </Typography>
          <PriceTag product={product} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
