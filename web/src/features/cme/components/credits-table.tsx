import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CME_OUTCOME_LABELS, CME_QUESTIONS_PER_TEST, type CmeSummaryRow, type CmeTestType } from '@contracts/cme';
import { datePart } from '../text';

const TYPE_LABEL: Record<CmeTestType, string> = { streaming: 'Streaming', module: 'CME module' };

/** A column after the date and the name: its heading, its value, whether it is a number. */
interface Column {
  head: string;
  value: (row: CmeSummaryRow) => ReactNode;
  numeric?: boolean;
}

const TYPE: Column = { head: 'Type', value: (row) => TYPE_LABEL[row.TYPE] ?? row.TYPE };
/** A completed activity: the credits it counts. */
const COMPLETED: Column[] = [
  { head: 'Credits', value: (row) => row.TOTAL, numeric: true },
  { head: 'Safety credits', value: (row) => row.SAFETYCREDITS, numeric: true },
  TYPE,
];
/** An attempt without credit: what it came to and how many answers were right (never which). */
const ATTEMPT: Column[] = [
  { head: 'Result', value: (row) => CME_OUTCOME_LABELS[row.OUTCOME] },
  { head: 'Right answers', value: (row) => `${row.CORRECT} of ${CME_QUESTIONS_PER_TEST}`, numeric: true },
  TYPE,
];

interface RecordsProps {
  /** The accessible name of the list or table. */
  label: string;
  caption: string;
  rows: CmeSummaryRow[];
  columns: Column[];
}

/** On a phone each record is a card of its own (the five columns do not fit 390 px). */
function RecordCards({ label, rows, columns }: RecordsProps) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.ID} variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
          <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
            {row.NAME}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
          >
            {[{ head: 'Date', value: (r: CmeSummaryRow) => datePart(r.created_at) }, ...columns].map((column) => (
              <Box key={column.head} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.head}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {column.value(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** Records as a table, or as cards on a phone (never a page-wide scroll). */
function Records(props: RecordsProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <RecordCards {...props} />;
  const { label, caption, rows, columns } = props;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      <Table size="small" sx={{ minWidth: 560 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Name</TableCell>
            {columns.map((column) => (
              <TableCell key={column.head} align={column.numeric ? 'right' : 'left'}>
                {column.head}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.ID}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{datePart(row.created_at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.NAME}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.head} align={column.numeric ? 'right' : 'left'}>
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A row per completed activity (signed-in section 2: "rows per completed item"), with its credits. */
export function CreditsTable({ year, rows }: { year: number; rows: CmeSummaryRow[] }) {
  return (
    <Records
      label={`CME records ${year}`}
      caption={`Completed activities in ${year}`}
      rows={rows}
      columns={COMPLETED}
    />
  );
}

/** The year's attempts without credit (not passed, or over the yearly cap): attempts, not completed activities. */
export function AttemptsTable({ year, rows }: { year: number; rows: CmeSummaryRow[] }) {
  return (
    <Records
      label={`CME attempts without credit ${year}`}
      caption={`Attempts without credit in ${year}`}
      rows={rows}
      columns={ATTEMPT}
    />
  );
}
