import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { NOT_AUTHORIZED, STREAM_CATEGORY_ELEARNING, type StreamDetailResponse } from '@contracts/streaming';
import { AppLink } from '@/components/router-link';
import { TAP_TARGET } from '@/components/tap-target';
import { useViewer } from '@/lib/auth';
import { productImageProps } from '@/lib/product-image';
import { useStreamDetailQuery } from '../api/streaming-api';
import { DocumentsTable } from '../components/documents-table';
import { ELEARNING_DESCRIPTION, listPath, videoPath, type ListContext } from '../paths';

/** Safety credits: the page says up to 2, the tooltip 4 (signed-in section 2 gives both readings). */
/** What a viewer without role cme reads instead of the Take CME Test button (the spec is silent). */
const CME_ACCESS_TEXT = 'The CME test of this course is for CME subscribers.';
const CME_ACCESS_LINK = 'Get the CME Credit Package';
const CME_PACKAGE_PATH = '/product/cme-credit-package/155';

function SafetyCredits({ credits }: { credits: number }) {
  if (credits <= 0) return null;
  return (
    <Tooltip title="Patient-safety modules can add up to 4 safety credits in a year.">
      <Typography variant="body2" tabIndex={0} sx={{ display: 'inline-block' }}>
        Safety credits: {credits} (up to 2 per course)
      </Typography>
    </Tooltip>
  );
}

/** Taking a test needs role cme (the cme/{TYPE}/{ID} route's); others learn how to get it instead of a dead end. */
function CmeAction({ productId }: { productId: number }) {
  const viewer = useViewer();
  if (viewer.loading) return null;
  if (viewer.hasAnyRole('cme')) {
    return (
      <Button
        component={RouterLink}
        to={`/cme/streaming/${productId}`}
        variant="contained"
        sx={{ mt: 1, minHeight: 44 }}
      >
        Take CME Test
      </Button>
    );
  }
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="cme-access">
      {CME_ACCESS_TEXT}{' '}
      <AppLink to={CME_PACKAGE_PATH} sx={TAP_TARGET}>
        {CME_ACCESS_LINK}
      </AppLink>
    </Typography>
  );
}

/** The poster starts the first video: on a phone it is a small picture beside the facts, so the list is in the first screen. */
function Poster({ data, to, first }: { data: StreamDetailResponse['data']; to: string | null; first: string }) {
  const image = (
    <Box
      component="img"
      {...productImageProps(data.ID, '(min-width: 900px) 320px, 144px')}
      alt={to ? '' : data.PRODUCTNAME}
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3' }}
    />
  );
  const box = {
    position: 'relative',
    width: { xs: 144, md: '100%' },
    flexShrink: 0,
    borderRadius: 1,
    overflow: 'hidden',
  };
  if (!to) return <Box sx={box}>{image}</Box>;
  return (
    <Box component={RouterLink} to={to} aria-label={`Play the first video: ${first}`} sx={{ ...box, display: 'block' }}>
      {image}
      <PlayCircleIcon
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          m: 'auto',
          fontSize: { xs: 48, md: 72 },
          color: 'common.white',
          filter: 'drop-shadow(0 0 4px rgba(0,0,0,0.7))',
        }}
      />
    </Box>
  );
}

function Detail({ data, context }: { data: StreamDetailResponse['data']; context: ListContext }) {
  const titles = data.DATA.flatMap((group) => group.TITLES);
  const elearning = data.CATSUBCATS.includes(STREAM_CATEGORY_ELEARNING) || context.category === '17';
  const first = titles[0];
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {data.PRODUCTNAME}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: { xs: 'flex', md: 'block' }, gap: 2, alignItems: 'flex-start' }}>
          <Poster data={data} to={first ? videoPath(data.ID, first.ID, context) : null} first={first?.TITLE ?? ''} />
          <Box sx={{ minWidth: 0, mt: { md: 2 } }}>
            {data.FACULTY ? (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {data.FACULTY}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {titles.length} {titles.length === 1 ? 'video' : 'videos'}
            </Typography>
            {data.CME > 0 ? <Typography variant="body2">CME credits: {data.CME}</Typography> : null}
            <SafetyCredits credits={data.SAFETYCREDITS} />
            {data.CME > 0 ? <CmeAction productId={data.ID} /> : null}
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {elearning ? (
            <Typography sx={{ mb: 2 }} data-testid="category-description">
              {ELEARNING_DESCRIPTION}
            </Typography>
          ) : null}
          <Typography variant="h5" component="h2">
            Videos
          </Typography>
          <List aria-label="Videos">
            {titles.map((title, index) => (
              <ListItem key={title.ID} disablePadding>
                <ListItemButton component={RouterLink} to={videoPath(data.ID, title.ID, context)} sx={{ px: 1 }}>
                  <ListItemText
                    primary={`${index + 1}. ${title.TITLE}`}
                    slotProps={{ primary: { color: 'primary', sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
            Description
          </Typography>
          <Box sx={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: data.DESCR }} />
          {data.DOCUMENTS.length > 0 ? <DocumentsTable documents={data.DOCUMENTS} /> : null}
        </Box>
      </Box>
    </>
  );
}

/** stream/{ID} (signed-in section 2): the product, its videos, documents and credits. */
export default function StreamRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const detail = useStreamDetailQuery(valid ? productId : skipToken);
  const context: ListContext = { category: params.get('category'), search: params.get('search') };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <AppLink to={listPath(context)} sx={{ ...TAP_TARGET, mb: 1 }}>
        ‹ Back to videos
      </AppLink>
      {detail.isLoading ? <LinearProgress aria-label="Loading stream" /> : null}
      {!valid || detail.isError ? (
        <Alert severity="warning" role="alert">
          {NOT_AUTHORIZED}
        </Alert>
      ) : null}
      {detail.data && valid ? <Detail data={detail.data.data} context={context} /> : null}
    </Container>
  );
}
