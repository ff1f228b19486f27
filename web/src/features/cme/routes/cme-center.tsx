import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  CME_ATTEMPT_NOT_ACTIVITY,
  CME_GO_TO_FORM,
  CME_INFO_MISSING_BANNER,
  CME_YEARLY_CAP,
  cmeNoRecordsMessage,
  cmeYearChoices,
  type CmeSummaryResponse,
} from '@contracts/cme';
import { LoadError } from '@/components/load-error';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useAppSelector } from '@/app/hooks';
import { useViewer } from '@/lib/auth';
import { selectToken } from '@/lib/session';
import { useCmeSummaryQuery } from '../api/cme-api';
import { CertificateDownload } from '../components/certificate-download';
import { AttemptsTable, CreditsTable } from '../components/credits-table';
import { TEST_LIST_ID, TestList } from '../components/test-list';

const CME_TAB = '/user/account#cme';

/** The year of `?year=` when it is one of the choices, otherwise the current year. */
function chosenYear(raw: string | null, choices: number[], current: number): number {
  const year = Number(raw);
  return raw && /^\d{4}$/.test(raw) && choices.includes(year) ? year : current;
}

/** The year's tests that earned no credit: listed apart, as attempts, never among the completed activities. */
function Attempts({ year, rows }: { year: number; rows: CmeSummaryResponse['ROWS'] }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="cme-attempts">
      <Typography variant="h6" component="h2" id="cme-attempts">
        Attempts without credit
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {CME_ATTEMPT_NOT_ACTIVITY}
      </Typography>
      <AttemptsTable year={year} rows={rows} />
    </Stack>
  );
}

function Summary({ summary }: { summary: CmeSummaryResponse }) {
  const year = summary.YEAR;
  const completed = summary.ROWS.filter((row) => row.OUTCOME === 'completed');
  const attempts = summary.ROWS.filter((row) => row.OUTCOME !== 'completed');
  return (
    <Stack spacing={3}>
      {summary.CMEINFOMISSING ? (
        <Alert
          severity="warning"
          action={
            <Button
              component={RouterLink}
              to={CME_TAB}
              color="inherit"
              size="small"
              variant="outlined"
              sx={{ minHeight: 44 }}
            >
              {CME_GO_TO_FORM}
            </Button>
          }
          sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: 0, pl: 0 } }}
        >
          {CME_INFO_MISSING_BANNER}
        </Alert>
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt">Total credits {year}</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="cme-total">
          {summary.TOTALCREDIT}
        </Typography>
        {summary.SAFETYTOTAL > 0 ? (
          <>
            <Typography component="dt">Safety credits</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="cme-safety-total">
              {summary.SAFETYTOTAL}
            </Typography>
          </>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Credits are capped at {CME_YEARLY_CAP} a year.
      </Typography>
      {/* At the top of the year, before the records: a capped year's table runs thousands of pixels on a phone.
          Keyed by year: another year's download state never shows. */}
      {!summary.CMEINFOMISSING && summary.TOTALCREDIT > 0 ? <CertificateDownload key={year} year={year} /> : null}
      {summary.ROWS.length === 0 ? <Typography>{cmeNoRecordsMessage(year)}</Typography> : null}
      {completed.length > 0 ? <CreditsTable year={year} rows={completed} /> : null}
      {completed.length === 0 && attempts.length > 0 ? (
        <Typography>No completed activities in {year} yet.</Typography>
      ) : null}
      {attempts.length > 0 ? <Attempts year={year} rows={attempts} /> : null}
    </Stack>
  );
}

/** Links of the top row: a whole 44 px row to tap on a phone. */
const TAP = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/**
 * cme-center (roles cme or cmePrint; signed-in sections 2 and 8): the yearly CME dashboard, then the tests
 * the user can take this year (role cme: taking a test needs it).
 */
export default function CmeCenterRoute() {
  const token = useAppSelector(selectToken);
  const takesTests = useViewer().hasAnyRole('cme');
  const [params, setParams] = useSearchParams();
  const current = new Date().getFullYear();
  const choices = cmeYearChoices(current);
  const year = chosenYear(params.get('year'), choices, current);
  const { data, isLoading, isFetching, isError, refetch } = useCmeSummaryQuery(token ? { token, year } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const shown = data && data.YEAR === year ? data : undefined;

  return (
    <Page title="CME Center">
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Year"
            value={String(year)}
            onChange={(event) => setParams({ year: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </TextField>
          <AppLink to={CME_TAB} sx={TAP}>
            CME Info (date of birth for our CME accreditor)
          </AppLink>
          {/* Once the year's records are shown: a jump before they are laid out above the list lands short. */}
          {takesTests && shown ? (
            <Link href={`#${TEST_LIST_ID}`} sx={TAP}>
              Your CME tests
            </Link>
          ) : null}
        </Stack>
        {isLoading || (isFetching && !shown) ? <LinearProgress aria-label="Loading CME records" /> : null}
        {isError && !isFetching ? (
          <LoadError what="Your CME records" onRetry={() => void refetch()} retrying={isFetching} />
        ) : null}
        {shown ? <Summary summary={shown} /> : null}
        {takesTests ? <TestList token={token} /> : null}
      </Stack>
    </Page>
  );
}
