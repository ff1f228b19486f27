import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Link as RouterLink } from 'react-router';
import type { StreamProduct } from '@contracts/streaming';
import { assetUrl, streamPath, type ListContext } from '../paths';

interface Props {
  product: StreamProduct;
  favorite: boolean;
  context: ListContext;
  onFavorite: (product: StreamProduct) => void;
  /** Category 18's layout: one wide row per product with its description. */
  wide?: boolean;
}

/** A stream product of the list: image, name (to stream/{ID}), faculty, video count and the favourite toggle. */
export function StreamCard({ product, favorite, context, onFavorite, wide = false }: Props) {
  const to = streamPath(product.ID, context);
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: wide ? { xs: 'column', sm: 'row' } : 'column' }}
    >
      <RouterLink to={to} tabIndex={-1} aria-hidden="true">
        <Box
          component="img"
          src={assetUrl(product.PATH)}
          alt=""
          loading="lazy"
          width={400}
          height={300}
          sx={{
            display: 'block',
            width: wide ? { xs: '100%', sm: 240 } : '100%',
            height: 'auto',
            aspectRatio: '4 / 3',
          }}
        />
      </RouterLink>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Link
            component={RouterLink}
            to={to}
            variant="subtitle1"
            underline="hover"
            sx={{ flex: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {product.PRODUCTNAME}
          </Link>
          <IconButton
            size="small"
            color={favorite ? 'error' : 'default'}
            aria-label={
              favorite ? `Remove ${product.PRODUCTNAME} from favorites` : `Add ${product.PRODUCTNAME} to favorites`
            }
            aria-pressed={favorite}
            onClick={() => onFavorite(product)}
          >
            {favorite ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
          </IconButton>
        </Box>
        {product.FACULTY ? (
          <Typography variant="body2" color="text.secondary">
            {product.FACULTY}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {product.TOTAL} {product.TOTAL === 1 ? 'video' : 'videos'} · {product.PUBDATE}
          {product.CME > 0 ? ` · ${product.CME} CME credits` : ''}
        </Typography>
        {wide ? (
          <Typography
            variant="body2"
            component="div"
            sx={{ mt: 1 }}
            dangerouslySetInnerHTML={{ __html: product.DESCR }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
