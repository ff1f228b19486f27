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
import type { CmeSummaryRow, CmeTestType } from '@contracts/cme';
import { datePart } from '../text';

const TYPE_LABEL: Record<CmeTestType, string> = { streaming: 'Streaming', module: 'CME module' };

/** On a phone each record is a card of its own (the five columns do not fit 390 px). */
function RecordCards({ year, rows }: { year: number; rows: CmeSummaryRow[] }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={`CME records ${year}`} sx={{ p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.ID} variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
          <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
            {row.NAME}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
          >
            {(
              [
                ['Date', datePart(row.created_at)],
                ['Credits', row.TOTAL],
                ['Safety credits', row.SAFETYCREDITS],
                ['Type', TYPE_LABEL[row.TYPE] ?? row.TYPE],
              ] as const
            ).map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {term}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** A row per completed item (signed-in section 2): a table, or cards on a phone (never a page-wide scroll). */
export function CreditsTable({ year, rows }: { year: number; rows: CmeSummaryRow[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <RecordCards year={year} rows={rows} />;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={`CME records ${year}`}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      <Table size="small" sx={{ minWidth: 560 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>
          Completed activities in {year}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Credits</TableCell>
            <TableCell align="right">Safety credits</TableCell>
            <TableCell>Type</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.ID}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{datePart(row.created_at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.NAME}</TableCell>
              <TableCell align="right">{row.TOTAL}</TableCell>
              <TableCell align="right">{row.SAFETYCREDITS}</TableCell>
              <TableCell>{TYPE_LABEL[row.TYPE] ?? row.TYPE}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
