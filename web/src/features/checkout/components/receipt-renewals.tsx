import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Receipt } from '@contracts/cart';
import type { SubscriptionRenewal } from '@contracts/renewals';
import { AppLink } from '@/components/router-link';
import { asSentence, chargeClause, renewable, SUBSCRIPTION_LABELS, SUBSCRIPTIONS_TAB } from '@/lib/renewal-terms';

/** What the receipt says of one subscription's renewal, as its auto-renew now stands. */
function renewalWords(renewal: SubscriptionRenewal, card: Receipt['CARDONFILE']): { said: string; change: string } {
  const label = SUBSCRIPTION_LABELS[renewal.TYPE];
  if (renewal.AUTORENEW === 0)
    return {
      said: `${label}: auto-renew is off. It ends on ${renewal.EXPIRES} and nothing more is charged.`,
      change: 'To renew it automatically, turn auto-renew on for it on your account',
    };
  if (!renewable(renewal))
    return {
      said: `${label}: it runs until ${renewal.EXPIRES} and is not renewed automatically; renew it by hand before it ends.`,
      change: 'Your subscriptions are on your account',
    };
  const charged = card ? `the card ending in ${card.LAST4}` : 'the card on file';
  return {
    said: `${label}: auto-renew is on. ${asSentence(chargeClause(renewal, charged))}${
      card ? '' : ` There is no card on file now: add one on the Billing tab, or it ends on ${renewal.EXPIRES}.`
    }`,
    change: `To cancel, turn auto-renew off before ${renewal.RENEWS} on your account`,
  };
}

/**
 * The receipt's acknowledgement of the yearly renewal (docs/decisions.md, "The renewal and the card:
 * the customer's choice"): for each subscription the order bought, whether it renews, the day and the
 * price, the card charged, and where to turn auto-renew off (online, at any time).
 */
export function ReceiptRenewals({ receipt }: { receipt: Pick<Receipt, 'RENEWALS' | 'CARDONFILE'> }) {
  if (receipt.RENEWALS.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="receipt-renewal-heading">
      <Typography id="receipt-renewal-heading" variant="h6" component="h2" gutterBottom>
        Yearly renewal
      </Typography>
      <Stack spacing={1.5}>
        {receipt.RENEWALS.map((renewal) => {
          const { said, change } = renewalWords(renewal, receipt.CARDONFILE);
          return (
            <Typography key={renewal.TYPE}>
              {said} {change}&apos;s{' '}
              <AppLink to={SUBSCRIPTIONS_TAB} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}>
                Subscriptions tab
              </AppLink>
              .
            </Typography>
          );
        })}
      </Stack>
    </Box>
  );
}
