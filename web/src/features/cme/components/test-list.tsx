import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  CME_CREDIT_PER_ANSWER,
  cmeTestPath,
  type CmeTestListItem,
  type CmeTestState,
  type CmeTestType,
} from '@contracts/cme';
import { LoadError } from '@/components/load-error';
import { useCmeTestsQuery } from '../api/cme-api';
import { retakeTime } from '../retake-time';

/** The heading's id: the center's "Your CME tests" link jumps here. */
export const TEST_LIST_ID = 'cme-tests';
/** Video tests shown before "Show all" (a Complete subscriber may open some sixty). */
const FIRST_VIDEO_TESTS = 10;

const STATE_LABEL: Record<CmeTestState, string> = {
  not_taken: 'Not taken',
  taken: 'Taken',
  retake_available: 'Retake available',
};
const STATE_COLOR: Record<CmeTestState, 'default' | 'success' | 'primary'> = {
  not_taken: 'default',
  taken: 'success',
  retake_available: 'primary',
};

/** "1.5 of 2 CME credits earned" or "Up to 2 CME credits (patient safety)". */
function creditsText(test: CmeTestListItem): string {
  const safety = test.SAFETYCREDITS > 0 ? ' (patient safety)' : '';
  if (test.TOTAL === null) return `Up to ${test.CREDITS} CME credits${safety}`;
  return `${test.TOTAL} of ${test.CREDITS} CME credits earned${safety}`;
}

function TestRow({ test }: { test: CmeTestListItem }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={cmeTestPath(test.TYPE, test.PRODUCTID)}
        sx={{ minHeight: 56, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <ListItemText
          primary={test.NAME}
          secondary={creditsText(test)}
          sx={{ flex: '1 1 14rem', minWidth: 0, '& .MuiListItemText-primary': { overflowWrap: 'anywhere' } }}
        />
        {test.RETAKE_OPENS_AT ? (
          // In the retake policy's cooldown: when the retake opens, not that it is open.
          <Chip size="small" label={`Retake from ${retakeTime.format(new Date(test.RETAKE_OPENS_AT))}`} />
        ) : (
          <Chip size="small" label={STATE_LABEL[test.STATE]} color={STATE_COLOR[test.STATE]} />
        )}
      </ListItemButton>
    </ListItem>
  );
}

function Group({ title, type, tests }: { title: string; type: CmeTestType; tests: CmeTestListItem[] }) {
  const [all, setAll] = useState(false);
  const limited = type === 'streaming' && !all && tests.length > FIRST_VIDEO_TESTS;
  const shown = limited ? tests.slice(0, FIRST_VIDEO_TESTS) : tests;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Paper variant="outlined">
        <List disablePadding aria-label={title}>
          {shown.map((test) => (
            <TestRow key={`${test.TYPE}-${test.PRODUCTID}`} test={test} />
          ))}
        </List>
      </Paper>
      {limited ? (
        <Button variant="outlined" onClick={() => setAll(true)} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          Show all {tests.length} video tests
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * The tests the user can take this year (GET /api/cme/tests), each linking to its page with where it
 * stands: not taken; taken, with the credits earned; retake available. CME modules first.
 */
export function TestList({ token }: { token: string | null }) {
  const { data, isLoading, isError, isFetching, refetch } = useCmeTestsQuery(token ?? skipToken);
  const year = data?.YEAR ?? new Date().getFullYear();
  const modules = data?.TESTS.filter((t) => t.TYPE === 'module') ?? [];
  const videos = data?.TESTS.filter((t) => t.TYPE === 'streaming') ?? [];
  return (
    <Stack component="section" spacing={2} aria-labelledby={TEST_LIST_ID}>
      <Typography variant="h5" component="h2" id={TEST_LIST_ID} tabIndex={-1}>
        Your CME tests in {year}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Four questions a test, {CME_CREDIT_PER_ANSWER} credit for each right answer. A retake replaces the test’s
        earlier credits.
      </Typography>
      {isLoading ? <LinearProgress aria-label="Loading CME tests" /> : null}
      {isError && !isFetching ? (
        <LoadError what="Your CME tests" onRetry={() => void refetch()} retrying={isFetching} />
      ) : null}
      {data && data.TESTS.length === 0 ? (
        <Typography>No CME tests are open to you yet: buy a CME module, or a subscription with videos.</Typography>
      ) : null}
      {modules.length > 0 ? <Group title="CME modules" type="module" tests={modules} /> : null}
      {videos.length > 0 ? <Group title="Video tests" type="streaming" tests={videos} /> : null}
    </Stack>
  );
}
