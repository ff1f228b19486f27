import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { UserHomeTile } from '@contracts/streaming';
import { CategoryMenu } from '@/components/category-menu';
import { LoadError } from '@/components/load-error';
import { VisuallyHidden } from '@/components/visually-hidden';
import { useUserHome } from '../api/streaming-api';
import { assetUrl, categoryPath, menuEntries } from '../paths';

/** A tile link starting with http opens a new window; any other navigates inside the app (signed-in section 2). */
function Tile({ tile }: { tile: UserHomeTile }) {
  const external = /^http/i.test(tile.LINK);
  const linkProps = external
    ? { component: 'a' as const, href: tile.LINK, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: tile.LINK };
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardActionArea
        {...linkProps}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {tile.IMAGE ? (
          <Box
            component="img"
            src={assetUrl(tile.IMAGE)}
            alt=""
            loading="lazy"
            width={400}
            height={300}
            sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3' }}
          />
        ) : (
          <Box
            aria-hidden="true"
            sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: 'primary.light', opacity: 0.25 }}
          />
        )}
        <Typography
          variant="subtitle1"
          component="span"
          sx={{
            p: { xs: 1, sm: 1.5 },
            fontWeight: 600,
            fontSize: { xs: '0.875rem', sm: '1rem' },
            overflowWrap: 'anywhere',
          }}
        >
          {tile.TITLE}
          {external ? <VisuallyHidden> (opens in a new window)</VisuallyHidden> : null}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** user/home: the side menu of stream categories and the tiles grid (two columns on a phone). */
export default function UserHomeRoute() {
  const home = useUserHome();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        My Videos
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' } }}>
        <CategoryMenu
          label="Stream categories"
          entries={menuEntries(home.data?.categories ?? []).slice(1)}
          selected={null}
          pathOf={categoryPath}
          placeholder="Choose a category"
        />
        <Box sx={{ minWidth: 0 }}>
          {home.isLoading ? <LinearProgress aria-label="Loading your videos" /> : null}
          {home.isError ? (
            <LoadError what="Your videos" onRetry={() => void home.refetch()} retrying={home.isFetching} />
          ) : null}
          {home.data ? (
            <Box
              component="ul"
              aria-label="Tiles"
              sx={{
                p: 0,
                m: 0,
                display: 'grid',
                gap: { xs: 1.5, sm: 2 },
                // Two columns on a phone: twenty screen-wide tiles made a page of 6,000 px.
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  sm: 'repeat(auto-fill, minmax(200px, 1fr))',
                },
              }}
            >
              {home.data.tiles.map((tile) => (
                <Tile key={`${tile.LINK}-${tile.TITLE}`} tile={tile} />
              ))}
            </Box>
          ) : null}
        </Box>
      </Box>
    </Container>
  );
}
