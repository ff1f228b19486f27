import { memo } from 'react';
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
import { productImageProps } from '@/lib/product-image';
import { streamPath, type ListContext } from '../paths';

interface Props {
  product: StreamProduct;
  favorite: boolean;
  context: ListContext;
  /** Stable across renders (the card is memoised): called with the product and whether it is a favourite. */
  onFavorite: (product: StreamProduct, favorite: boolean) => void;
  /** Category 18's layout: one wide row per product with its description. */
  wide?: boolean;
  /** A phone's compact row (category 18 keeps its wide layout). */
  compact?: boolean;
}

/** Phones: a compact row (small picture, name, facts, heart), so 96 products are not 96 screen-wide cards. */
function CompactCard({ product, favorite, context, onFavorite }: Omit<Props, 'wide' | 'compact'>) {
  const to = streamPath(product.ID, context);
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1.5, p: 1 }}
    >
      <RouterLink to={to} tabIndex={-1} aria-hidden="true" style={{ flexShrink: 0, display: 'block' }}>
        <Box
          component="img"
          {...productImageProps(product.ID, '88px')}
          alt=""
          loading="lazy"
          sx={{ display: 'block', width: 88, height: 66, borderRadius: 0.5 }}
        />
      </RouterLink>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={to}
          variant="subtitle2"
          underline="hover"
          sx={{ ...CLAMP(2), fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {product.PRODUCTNAME}
        </Link>
        <Typography variant="caption" color="text.secondary" component="p" sx={CLAMP(1)}>
          {facts(product)}
        </Typography>
      </Box>
      <FavoriteButton product={product} favorite={favorite} onFavorite={onFavorite} />
    </Card>
  );
}

/** Lines of text cut with an ellipsis. */
const CLAMP = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;

const facts = (product: StreamProduct): string =>
  `${product.TOTAL} ${product.TOTAL === 1 ? 'video' : 'videos'} · ${product.PUBDATE}` +
  (product.CME > 0 ? ` · ${product.CME} CME credits` : '');

/** The heart: a 44 px target around a small icon. */
function FavoriteButton({ product, favorite, onFavorite }: Pick<Props, 'product' | 'favorite' | 'onFavorite'>) {
  return (
    <IconButton
      color={favorite ? 'error' : 'default'}
      aria-label={favorite ? `Remove ${product.PRODUCTNAME} from favorites` : `Add ${product.PRODUCTNAME} to favorites`}
      aria-pressed={favorite}
      onClick={() => onFavorite(product, favorite)}
      sx={{ width: 44, height: 44, flexShrink: 0 }}
    >
      {favorite ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
    </IconButton>
  );
}

/**
 * A stream product of the list: image, name (to stream/{ID}), faculty, video count and the favourite
 * toggle. Memoised: the list re-renders as each of its reads answers, the 96 cards of a phone need not.
 */
export const StreamCard = memo(function StreamCard({
  product,
  favorite,
  context,
  onFavorite,
  wide = false,
  compact = false,
}: Props) {
  if (compact && !wide)
    return <CompactCard product={product} favorite={favorite} context={context} onFavorite={onFavorite} />;
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
          {...productImageProps(
            product.ID,
            wide ? '(min-width: 600px) 240px, 100vw' : '(min-width: 600px) 280px, 100vw',
          )}
          alt=""
          loading="lazy"
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
          <FavoriteButton product={product} favorite={favorite} onFavorite={onFavorite} />
        </Box>
        {product.FACULTY ? (
          <Typography variant="body2" color="text.secondary">
            {product.FACULTY}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {facts(product)}
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
});
