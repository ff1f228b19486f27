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
import { Totals } from '../components/totals';

/** On a phone the Type and Price columns fold away (the type shows under the name): the receipt fits 390 px. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export const NOT_AUTHORIZED = 'You are not authorized to access this resource.';
export const RESIDENT_NOTICE =
  'Resident pricing: we will verify your residency status with your program. If it cannot be verified we will contact you about the difference.';

/** Receipt checkout/confirm/{NUMBER} (signed-in sections 2, 8): any failure shows the not-authorised text. */
export default function CheckoutConfirmRoute() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const { data, isLoading, isError } = useReceiptQuery({ onum: number, token: params.get('token') });
  const receipt = data?.data;

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
        {receipt.CATEGORY === 'Resident' ? <Alert severity="info">{RESIDENT_NOTICE}</Alert> : null}
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
        {receipt.EVENTS.map((event) => (
          <Paper key={event.PRODUCTID} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              {event.NAME}
            </Typography>
            {event.VENUE ? <Typography>Venue: {event.VENUE}</Typography> : null}
            {event.HOTEL ? <Typography>Hotel: {event.HOTEL}</Typography> : null}
          </Paper>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" component={RouterLink} to="/streaming">
            Stream This Product Now
          </Button>
          <Button variant="outlined" component={RouterLink} to="/cme-center">
            Go to CME Center
          </Button>
          <Button variant="outlined" component={RouterLink} to="/iflap/home">
            Open App
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
