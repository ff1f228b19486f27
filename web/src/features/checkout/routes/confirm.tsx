import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { formatUsd } from '@/lib/money';
import { typeWords } from '@/lib/product-words';
import { useReceiptQuery } from '../api/orders-api';
import { ReceiptRenewals } from '../components/receipt-renewals';
import { Totals } from '../components/totals';

/** On a phone the Type and Price columns fold away (the type shows under the name): the receipt fits 390 px. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The receipt's buttons (signed-in section 2), each shown only when the order holds what it opens. */
interface ReceiptAction {
  label: 'Stream This Product Now' | 'Go to CME Center' | 'Open App';
  to: string;
  newWindow?: boolean;
}

/** Item types whose purchase opens videos (as the account's orders tab reads them). */
const STREAM_TYPES = new Set(['streaming', 'both', 'streaming_all', 'qmpcomplete', 'elearning']);

function actionOf(type: string): ReceiptAction | null {
  const kind = type.toLowerCase();
  if (STREAM_TYPES.has(kind)) return { label: 'Stream This Product Now', to: '/streaming' };
  if (kind === 'cme') return { label: 'Go to CME Center', to: '/cme-center' };
  // iFlap opens outside the shop's shell, in a window of its own (as from the Account menu).
  if (kind === 'iflap') return { label: 'Open App', to: '/iflap/home', newWindow: true };
  return null;
}

/** One button per kind bought, in the order of the order's lines: the first fitting one is the main button. */
export function receiptActions(types: readonly string[]): ReceiptAction[] {
  const actions: ReceiptAction[] = [];
  for (const type of types) {
    const action = actionOf(type);
    if (action && !actions.some((a) => a.label === action.label)) actions.push(action);
  }
  return actions;
}

export const NOT_AUTHORIZED = 'You are not authorized to access this resource.';
export const RESIDENT_NOTICE =
  'Resident pricing: we will verify your residency status with your program. If it cannot be verified we will contact you about the difference.';

/** Receipt checkout/confirm/{NUMBER} (signed-in sections 2, 8): any failure shows the not-authorised text. */
export default function CheckoutConfirmRoute() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const { data, isLoading, isError } = useReceiptQuery({ onum: number, token: params.get('token') });
  const receipt = data?.data;
  const actions = receiptActions(receipt?.PRODUCTS.map((line) => line.TYPE) ?? []);

  if (isLoading) return <LinearProgress aria-label="Loading receipt" />;
  if (isError || !receipt)
    return (
      <Page title="Receipt">
        <Alert severity="error">{NOT_AUTHORIZED}</Alert>
      </Page>
    );

  return (
    <Page title="Receipt">
      <Stack spacing={3}>
        <Typography>
          Thank you for your order, {receipt.ATTJSON.FIRSTNAME}. Order number <strong>{receipt.ONUM}</strong>, placed{' '}
          {receipt.DATE.split('T')[0]}.
        </Typography>
        {receipt.CATEGORY === 'Resident' ? (
          <Alert severity="info" role="note">
            {RESIDENT_NOTICE}
          </Alert>
        ) : null}
        <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label="Order lines">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell sx={wide}>Type</TableCell>
                <TableCell align="right" sx={wide}>
                  Price
                </TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {receipt.PRODUCTS.map((line) => (
                <TableRow key={`${line.PRODUCTID}-${line.TYPE}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {line.PRODUCTNAME}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                      {typeWords(line.TYPE)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={wide}>{typeWords(line.TYPE)}</TableCell>
                  <TableCell align="right" sx={wide}>
                    {formatUsd(line.UNITPRICE)}
                  </TableCell>
                  <TableCell align="right">{line.QTY}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatUsd(line.TOTAL)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Totals quote={receipt} />
        <Typography>
          Paid with {receipt.CARD.BRAND} ending in {receipt.CARD.LAST4}.
        </Typography>
        <ReceiptRenewals receipt={receipt} />
        {receipt.REFUNDS.map((refund, index) => (
          <Typography key={`${refund.DATE}-${index}`}>
            Refunded {formatUsd(refund.AMOUNT)} on {refund.DATE.split('T')[0]}
          </Typography>
        ))}
        {receipt.EVENTS.map((event) => (
          <Paper key={event.PRODUCTID} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              {event.NAME}
            </Typography>
            {event.VENUE ? <Typography>Venue: {event.VENUE}</Typography> : null}
            {event.HOTEL ? <Typography>Hotel: {event.HOTEL}</Typography> : null}
          </Paper>
        ))}
        {actions.length > 0 ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {actions.map((action, index) => (
              <Button
                key={action.label}
                variant={index === 0 ? 'contained' : 'outlined'}
                size="large"
                component={RouterLink}
                to={action.to}
                {...(action.newWindow ? { target: '_blank', rel: 'noopener' } : {})}
                sx={{ minHeight: 48 }}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}
