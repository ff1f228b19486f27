import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductListItem } from '@contracts/catalog';
import { PriceTag } from './price-tag';
import { productImageProps } from '@/lib/product-image';

/** One product of a list: image, name (a link to the detail page) and price. */
export function ProductCard({ product }: { product: ProductListItem }) {
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={`/product/${product.SLUG}/${product.ID}`} sx={{ flexGrow: 1 }}>
        <CardMedia
          component="img"
          {...productImageProps(product.ID, '(max-width: 599px) 50vw, (max-width: 1199px) 33vw, 300px')}
          alt=""
          loading="lazy"
          sx={{ aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.200' }}
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
