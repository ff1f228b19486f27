import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useViewer } from '@/lib/auth';

const FEATURES: { title: string; text: string }[] = [
  {
    title: 'Flap atlas',
    text: 'Local, regional and free flaps of the face and neck, each with its blood supply, design and pitfalls.',
  },
  {
    title: 'Step-by-step planning',
    text: 'Choose a defect by site and size and see the flaps that suit it, with the order of the steps.',
  },
  {
    title: 'Illustrated cases',
    text: 'Before-and-after cases with the reasoning behind each choice, for review before surgery.',
  },
  {
    title: 'Works on any device',
    text: 'Use it on the phone in clinic or on a desktop at home; your access follows your account.',
  },
];

/**
 * The iFlap module (signed-in section 2): its own screen outside the navigation shell, opened in a new
 * window from the Account menu and the receipt's Open App. Role iflap (the guard of app/router.tsx).
 */
export default function IflapRoute() {
  const { me, hasAnyRole } = useViewer();
  const name = me ? [me.firstname, me.lastname].filter(Boolean).join(' ') || me.email : '';
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'grey.100', py: { xs: 2, sm: 5 } }}>
      <Container maxWidth="md">
        <Stack spacing={3}>
          <Box component="header">
            <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
              iFlap
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary">
              The reconstructive flap reference for facial plastic surgeons
            </Typography>
          </Box>
          <Paper variant="outlined" component="section" aria-labelledby="iflap-access" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="iflap-access" variant="h5" component="h2" gutterBottom>
              Your access
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Chip
                color={hasAnyRole('iflap') ? 'success' : 'default'}
                label={hasAnyRole('iflap') ? 'Active' : 'Checking'}
              />
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {name ? `Signed in as ${name}` : 'Signed in'}
                {me && name !== me.email ? ` (${me.email})` : ''}
              </Typography>
            </Stack>
            <Typography sx={{ mt: 1 }}>
              Your iFlap licence is linked to your account: log in with the same email on any device.
            </Typography>
          </Paper>
          <Paper variant="outlined" component="section" aria-labelledby="iflap-offers" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="iflap-offers" variant="h5" component="h2">
              What iFlap offers
            </Typography>
            <List>
              {FEATURES.map((feature) => (
                <ListItem key={feature.title} disableGutters>
                  <ListItemText primary={feature.title} secondary={feature.text} />
                </ListItem>
              ))}
            </List>
          </Paper>
          <Link href="/">Back to the shop</Link>
        </Stack>
      </Container>
    </Box>
  );
}
