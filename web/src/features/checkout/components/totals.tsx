import Box from '@mui/material/Box';
import type { Quote } from '@contracts/cart';
import { formatUsd } from '@/lib/money';

/** The order totals of a quote (or a receipt): subtotal, discount, shipping, tax, total. */
export function Totals({ quote }: { quote: Pick<Quote, 'ORDER' | 'TOTAL'> }) {
  const { ORDER } = quote;
  return (
    <Box
      component="dl"
      aria-label="Order totals"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        gap: 1,
        m: 0,
        justifyContent: 'start',
        '& dd': { m: 0, textAlign: 'right' },
      }}
    >
      <dt>Subtotal</dt>
      <dd data-testid="total-subtotal">{formatUsd(ORDER.SUBTOTAL)}</dd>
      <dt>Discount{ORDER.COUPON ? ` (${ORDER.COUPON})` : ''}</dt>
      <dd data-testid="total-discount">{formatUsd(ORDER.DISCOUNT)}</dd>
      <dt>Shipping</dt>
      <dd data-testid="total-shipping">{formatUsd(ORDER.SHIPCOST)}</dd>
      <dt>Tax</dt>
      <dd data-testid="total-tax">{formatUsd(ORDER.TAX)}</dd>
      <dt>
        <strong>Total</strong>
      </dt>
      <dd data-testid="total-total">
        <strong>{formatUsd(quote.TOTAL)}</strong>
      </dd>
    </Box>
  );
}
