import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { NOT_AUTHORIZED, STREAM_CATEGORY_ELEARNING, type StreamDetailResponse } from '@contracts/streaming';
import { AppLink } from '@/components/router-link';
import { useStreamDetailQuery } from '../api/streaming-api';
import { DocumentsTable } from '../components/documents-table';
import { assetUrl, ELEARNING_DESCRIPTION, listPath, videoPath, type ListContext } from '../paths';

/** Safety credits: the page says up to 2, the tooltip 4 (signed-in section 2 gives both readings). */
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

function Detail({ data, context }: { data: StreamDetailResponse['data']; context: ListContext }) {
  const titles = data.DATA.flatMap((group) => group.TITLES);
  const elearning = data.CATSUBCATS.includes(STREAM_CATEGORY_ELEARNING) || context.category === '17';
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {data.PRODUCTNAME}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' } }}>
        <Box>
          <Box
            component="img"
            src={assetUrl(data.PATH)}
            alt={data.PRODUCTNAME}
            loading="lazy"
            width={400}
            height={300}
            sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1 }}
          />
          {data.CME > 0 ? (
            <Button
              component={RouterLink}
              to={`/cme/streaming/${data.ID}`}
              variant="contained"
              sx={{ mt: 2 }}
              fullWidth
            >
              Take CME Test
            </Button>
          ) : null}
          <Box sx={{ mt: 1 }}>
            {data.CME > 0 ? <Typography variant="body2">CME credits: {data.CME}</Typography> : null}
            <SafetyCredits credits={data.SAFETYCREDITS} />
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {data.FACULTY ? (
            <Typography color="text.secondary" gutterBottom>
              {data.FACULTY}
            </Typography>
          ) : null}
          {elearning ? (
            <Typography sx={{ mb: 2 }} data-testid="category-description">
              {ELEARNING_DESCRIPTION}
            </Typography>
          ) : null}
          <Box sx={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: data.DESCR }} />
          <Typography variant="h5" component="h2" sx={{ mt: 3 }}>
            Videos
          </Typography>
          <List aria-label="Videos">
            {titles.map((title, index) => (
              <ListItem key={title.ID} disableGutters>
                <Link component={RouterLink} to={videoPath(data.ID, title.ID, context)}>
                  {index + 1}. {title.TITLE}
                </Link>
              </ListItem>
            ))}
          </List>
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
      <AppLink to={listPath(context)} sx={{ display: 'inline-block', mb: 2 }}>
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
