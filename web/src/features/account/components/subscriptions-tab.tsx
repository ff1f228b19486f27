import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Subscriptions } from '@contracts/cart';
import { LoadError } from '@/components/load-error';
import { useSubscriptionsQuery } from '../api/account-api';

const ROWS: { key: keyof Subscriptions; label: string }[] = [
  { key: 'cme_expire', label: 'CME' },
  { key: 'complete_expire', label: 'Complete' },
  { key: 'streaming_all_expire', label: 'Streaming All' },
  { key: 'elearning_expire', label: 'eLearning' },
];

/** Signed-in section 2: 0000-00-00 and 1970-01-01 both mean "none" and show N/A. */
export function expiryText(value: string | null | undefined): string {
  const date = (value ?? '').split('T')[0] ?? '';
  return date === '' || date === '0000-00-00' || date === '1970-01-01' ? 'N/A' : date;
}

/** The Subscriptions tab: the expiry date of each subscription type (signed-in section 2). */
export function SubscriptionsTab({ token }: { token: string }) {
  const { data, isLoading, isFetching, isError, refetch } = useSubscriptionsQuery(token);
  if (isLoading) return <LinearProgress aria-label="Loading subscriptions" />;
  if (isError || !data)
    return <LoadError what="Your subscriptions" onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <Table size="small" aria-label="Subscriptions">
      <TableHead>
        <TableRow>
          <TableCell>Subscription</TableCell>
          <TableCell>Expires</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ROWS.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell>{expiryText(data[row.key])}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
