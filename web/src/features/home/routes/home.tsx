import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CME_PACKAGE_ID, COMPLETE_PACKAGE_ID } from '@contracts/catalog';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { SubscribeMenu } from '@/components/subscribe-menu';
import { useViewer } from '@/lib/auth';
import { useProductQuery } from '@/lib/catalog-api';
import { useElearningProduct } from '../use-elearning-product';

function HomeCard({ title, text, actions }: { title: string; text: string; actions: ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>{actions}</CardActions>
    </Card>
  );
}

const learnMore = (to: string, what: string) => (
  <Button component={RouterLink} to={to} aria-label={`Learn More about ${what}`}>
    Learn More
  </Button>
);

/** Home (storefront section 2): the six cards with Learn More links, subscribe dropdowns and role links. */
export default function HomeRoute() {
  const viewer = useViewer();
  const complete = useProductQuery(COMPLETE_PACKAGE_ID).data;
  const cme = useProductQuery(CME_PACKAGE_ID).data;
  const elearning = useElearningProduct();
  const snackbar = useAddedSnackbar();
  const streaming = viewer.loggedIn && viewer.hasAnyRole('streaming');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Surgical education, streamed and in print
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        Operative videos, books, meetings and CME credit for plastic, facial plastic, oculoplastic and dermatologic
        surgeons and their teams.
      </Typography>
      {streaming ? (
        <Button variant="contained" component={RouterLink} to="/streaming" sx={{ mb: 3 }}>
          Stream
        </Button>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        <HomeCard
          title="Complete"
          text="Every operative video in streaming plus the full eLearning curriculum, in one yearly subscription."
          actions={
            <>
              {learnMore('/static/qmp-complete-info', 'Complete')}
              <SubscribeMenu label="Complete" product={complete} onAdded={snackbar.show} />
            </>
          }
        />
        <HomeCard
          title="eLearning"
          text="Structured courses with narrated cases and self-assessment, available on any device."
          actions={
            <>
              {learnMore('/static/elearning-details', 'eLearning')}
              {viewer.loggedIn && viewer.hasAnyRole('elearning') ? (
                <Button variant="contained" component={RouterLink} to="/streaming" aria-label="Open eLearning">
                  Open
                </Button>
              ) : (
                <SubscribeMenu label="eLearning" product={elearning} onAdded={snackbar.show} />
              )}
            </>
          }
        />
        <HomeCard
          title="Books"
          text="Atlases and textbooks in print, each with its companion videos for streaming."
          actions={
            <>
              {learnMore('/static/qmp-book-info', 'Books')}
              <Button variant="contained" component={RouterLink} to="/products/14">
                Shop Books
              </Button>
            </>
          }
        />
        <HomeCard
          title="Meetings"
          text="Symposia and master classes, in person and virtual, with the faculty behind the videos."
          actions={learnMore('/meeting/list', 'Meetings')}
        />
        <HomeCard
          title="CME"
          text="Up to 20 AMA PRA Category 1 credits per calendar year, earned while you watch."
          actions={
            <>
              {learnMore('/static/qmp-cme-details', 'CME')}
              {viewer.loggedIn && viewer.hasAnyRole('cme') ? (
                <Button variant="contained" component={RouterLink} to="/cme-center">
                  Open CME Center
                </Button>
              ) : (
                <SubscribeMenu label="CME" product={cme} onAdded={snackbar.show} />
              )}
            </>
          }
        />
        <HomeCard
          title="Videos"
          text="Individual operative video series by technique, to buy once and stream for good."
          actions={learnMore('/products/0', 'Videos')}
        />
      </Box>
      {snackbar.element}
    </Container>
  );
}
