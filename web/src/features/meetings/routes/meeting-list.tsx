import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page';
import { isPastMeeting, PAST_MEETING } from '@/lib/meetings';
import { useMeetingsQuery } from '../api/meetings-api';
import { meetingDates } from '../format';

/** meeting/list: every meeting with its dates and city. */
export function MeetingList() {
  const { data, isLoading } = useMeetingsQuery();
  return (
    <Page title="Meetings" maxWidth="lg">
      {isLoading ? <LinearProgress aria-label="Loading meetings" /> : null}
      <Box
        component="ul"
        aria-label="Meetings"
        sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {(data ?? []).map((meeting) => (
          <Card component="li" key={meeting.ID} variant="outlined" sx={{ listStyle: 'none' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {meeting.NAME}
              </Typography>
              <Typography color="text.secondary">
                {meetingDates(meeting)}
                {meeting.CITY ? ` · ${meeting.CITY}` : ''}
              </Typography>
              {isPastMeeting(meeting) ? <Chip size="small" label={PAST_MEETING} sx={{ mt: 1 }} /> : null}
            </CardContent>
            <CardActions>
              <Button
                component={RouterLink}
                to={`/meeting/${meeting.ID}/details`}
                aria-label={`Details of ${meeting.NAME}`}
              >
                Details
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Page>
  );
}
