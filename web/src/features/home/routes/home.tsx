import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { useViewer } from '@/lib/auth';
import { BooksCard, CmeCard, CompleteCard, ElearningCard, MeetingsCard, VideosCard } from '../components/home-cards';

/**
 * Home (storefront section 2): the six cards, each with its product image, a few featured items,
 * Learn More links, subscribe dropdowns and role links.
 */
export default function HomeRoute() {
  const viewer = useViewer();
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
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        <CompleteCard onAdded={snackbar.show} />
        <ElearningCard onAdded={snackbar.show} open={viewer.loggedIn && viewer.hasAnyRole('elearning')} />
        <BooksCard />
        <MeetingsCard />
        <CmeCard onAdded={snackbar.show} open={viewer.loggedIn && viewer.hasAnyRole('cme')} />
        <VideosCard />
      </Box>
      {snackbar.element}
    </Container>
  );
}
