import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { YEARLY_TYPES, type Meeting, type MeetingTab } from '@contracts/catalog';
import { AppLink } from '@/components/router-link';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { NotFoundPage } from '@/components/not-found';
import { addedMessage } from '@/lib/cart/add-to-cart';
import { useAddItemMutation } from '@/lib/cart/cart-api';
import { useMeetingQuery } from '../api/meetings-api';
import { isPastMeeting, PAST_MEETING } from '@/lib/meetings';
import { formatUsd } from '@/lib/money';
import { meetingDates } from '../format';

const TABS: { value: MeetingTab; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'choose', label: 'Register' },
  { value: 'virtual', label: 'Virtual' },
  { value: 'faculty', label: 'Faculty' },
  { value: 'program', label: 'Program' },
];

const Html = ({ html }: { html: string }) => (
  // The API sanitises the meeting html on import; only its html is rendered.
  <Box dangerouslySetInnerHTML={{ __html: html }} />
);

function Details({ meeting }: { meeting: Meeting }) {
  return (
    <>
      <Html html={meeting.DETAILS} />
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {meeting.VENUE ? (
          <Card variant="outlined" component="section" aria-label="Venue">
            <CardContent>
              <Typography variant="h6" component="h2">
                Venue
              </Typography>
              <Typography>{meeting.VENUE.NAME}</Typography>
              <Typography color="text.secondary">{meeting.VENUE.ADDRESS}</Typography>
            </CardContent>
          </Card>
        ) : null}
        {meeting.HOTEL ? (
          <Card variant="outlined" component="section" aria-label="Hotel">
            <CardContent>
              <Typography variant="h6" component="h2">
                Hotel
              </Typography>
              <Typography>{meeting.HOTEL.NAME}</Typography>
              <Typography color="text.secondary">{meeting.HOTEL.ADDRESS}</Typography>
              {meeting.HOTEL.PHONE ? <Typography>Phone: {meeting.HOTEL.PHONE}</Typography> : null}
              {meeting.HOTEL.NOTE ? <Typography sx={{ mt: 1 }}>{meeting.HOTEL.NOTE}</Typography> : null}
            </CardContent>
          </Card>
        ) : null}
      </Box>
    </>
  );
}

function Choose({ meeting, onAdded }: { meeting: Meeting; onAdded: (message: string) => void }) {
  const [addItem] = useAddItemMutation();
  // A past meeting is shown, not sold (the server refuses it too).
  const past = isPastMeeting(meeting);
  if (meeting.OPTIONS.length === 0) return <Typography>Registration is not open yet.</Typography>;
  return (
    <>
      {past ? <Typography sx={{ mt: 1 }}>This meeting is over: its registration is closed.</Typography> : null}
      <List>
        {meeting.OPTIONS.map((option) => (
          <ListItem
            key={option.PRODUCTID}
            divider
            secondaryAction={
              past ? undefined : (
                <Button
                  variant="contained"
                  // The visible label starts the accessible name (WCAG 2.5.3, "click Add to Cart" by voice).
                  aria-label={`Add to Cart: ${option.NAME}`}
                  onClick={() => {
                    void addItem({ PRODUCTID: option.PRODUCTID, QTY: 1 });
                    onAdded(addedMessage({ ID: option.PRODUCTID, NAME: option.NAME, TYPE: option.TYPE }));
                  }}
                >
                  Add to Cart
                </Button>
              )
            }
          >
            <ListItemText
              primary={option.NAME}
              secondary={`${formatUsd(option.PRICE)}${YEARLY_TYPES.includes(option.TYPE) ? ' / year' : ''}`}
              sx={{ pr: past ? 0 : 16 }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

function Faculty({ meeting }: { meeting: Meeting }) {
  return (
    <List>
      {meeting.FACULTY.map((person) => (
        <ListItem key={person.USERID} divider>
          <ListItemAvatar>
            <Avatar src={`/${person.PHOTO}`} alt="" />
          </ListItemAvatar>
          <ListItemText
            primary={<AppLink to={`/people/${person.USERID}`}>{person.FULLNAME}</AppLink>}
            secondary={person.LOCATION}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * On a phone the four columns are wider than the screen: the table scrolls sideways in a region the
 * keyboard can reach (focusable, named), so its last column is never out of reach (WCAG 2.1.1).
 */
function Program({ meeting }: { meeting: Meeting }) {
  return (
    <Box role="region" aria-label="Meeting program" tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Program">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Session</TableCell>
            <TableCell>Speakers</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {meeting.PROGRAM.map((entry, index) => (
            <TableRow key={index}>
              <TableCell>{entry.DAY}</TableCell>
              <TableCell>{entry.TIME}</TableCell>
              <TableCell>{entry.TITLE}</TableCell>
              <TableCell>{entry.SPEAKERS}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** meeting/{ID}/{TAB}: details (with venue and hotel), choose, virtual, faculty and program. */
export function MeetingPage() {
  const { id, tab } = useParams();
  const meetingId = Number(id);
  const valid = Number.isInteger(meetingId) && meetingId > 0 && TABS.some((entry) => entry.value === tab);
  const { data: meeting, isLoading, isError } = useMeetingQuery(meetingId, { skip: !valid });
  const snackbar = useAddedSnackbar();

  if (!valid || isError) return <NotFoundPage />;
  if (isLoading || !meeting) return <LinearProgress aria-label="Loading meeting" />;
  const current = tab as MeetingTab;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1">
        {meeting.NAME}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {meetingDates(meeting)}
        {meeting.CITY ? ` · ${meeting.CITY}` : ''}
        {isPastMeeting(meeting) ? <Chip component="span" size="small" label={PAST_MEETING} sx={{ ml: 1 }} /> : null}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons
        allowScrollButtonsMobile
        aria-label="Meeting sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((entry) => (
          <Tab
            key={entry.value}
            value={entry.value}
            label={entry.label}
            component={RouterLink}
            to={`/meeting/${meeting.ID}/${entry.value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={TABS.find((entry) => entry.value === current)?.label}>
        {current === 'details' ? <Details meeting={meeting} /> : null}
        {current === 'choose' ? <Choose meeting={meeting} onAdded={snackbar.show} /> : null}
        {current === 'virtual' ? <Html html={meeting.VIRTUAL} /> : null}
        {current === 'faculty' ? <Faculty meeting={meeting} /> : null}
        {current === 'program' ? <Program meeting={meeting} /> : null}
      </Box>
      {snackbar.element}
    </Container>
  );
}
