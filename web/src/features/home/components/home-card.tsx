import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductListItem } from '@contracts/catalog';
import { LoadError } from '@/components/load-error';
import { VisuallyHidden } from '@/components/visually-hidden';
import { formatUsd } from '@/lib/money';
import { productImageProps } from '@/lib/product-image';

/** Widths the card image is shown at: three columns from md, two from sm, the full width below. */
const CARD_IMAGE_SIZES = '(min-width: 1200px) 370px, (min-width: 900px) 31vw, (min-width: 600px) 47vw, 100vw';

/** The featured items under a card: loading (skeleton rows), failed (error panel with Retry) or a list of links. */
export interface Featured {
  items: ProductListItem[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** "Learn More" as seen, "Learn More about {what}" for assistive technology and link lists (Lighthouse link-text). */
export function LearnMore({ to, what }: { to: string; what: string }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 600, py: 0.75, px: 1 }}>
      Learn More
      <VisuallyHidden> about {what}</VisuallyHidden>
    </Link>
  );
}

function FeaturedList({ title, featured }: { title: string; featured: Featured }) {
  if (featured.failed) return <LoadError what={`The ${title} picks`} onRetry={featured.retry} />;
  if (featured.loading) {
    return (
      <Box aria-hidden>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} variant="text" height={28} />
        ))}
      </Box>
    );
  }
  if (featured.items.length === 0) return null;
  return (
    <Box component="ul" aria-label={`Featured in ${title}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {featured.items.map((item) => (
        <Box
          component="li"
          key={item.ID}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            py: 0.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Link component={RouterLink} to={`/product/${item.SLUG}/${item.ID}`} variant="body2" underline="hover">
            {item.NAME}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatUsd(item.PRICING.SALE_PRICE ?? item.PRICING.PRICE)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * One home card: the product image (the room reserved at 4:3, a skeleton until its product is known),
 * title, text, a few featured items and the actions.
 */
export function HomeCard({
  title,
  text,
  imageOf,
  eager = false,
  featured,
  actions,
}: {
  title: string;
  text: string;
  /** The product whose image the card shows; undefined while it is looked up. */
  imageOf: number | undefined;
  /** The first card's image is the largest thing on a phone's first screen: fetched at once. */
  eager?: boolean;
  featured: Featured;
  actions: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      {imageOf === undefined ? (
        <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
      ) : (
        <Box
          component="img"
          {...productImageProps(imageOf, CARD_IMAGE_SIZES)}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', bgcolor: 'grey.200' }}
        />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text}
        </Typography>
        <FeaturedList title={title} featured={featured} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>{actions}</CardActions>
    </Card>
  );
}
