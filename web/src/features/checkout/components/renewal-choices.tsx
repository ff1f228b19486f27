import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RenewableType, RenewalTerms } from '@contracts/renewals';
import { chargeClause, renewable, SUBSCRIPTION_LABELS } from '@/lib/renewal-terms';

/** A box of the pay screen: the whole label row is the target, at least 44 px high. */
const boxRow = { minHeight: 44, mr: 0 } as const;

/**
 * The pay screen's yearly renewal (docs/decisions.md, "The renewal and the card: the customer's
 * choice"): for each subscription the order buys, its terms (the price, the day the card is charged,
 * where auto-renew is turned off) right beside its auto-renew box, which starts unticked: the customer
 * consents by ticking it. `card`: the card a renewal would charge, in words.
 */
export function RenewalChoices({
  renewals,
  chosen,
  card,
  onChange,
}: {
  renewals: readonly RenewalTerms[];
  chosen: readonly RenewableType[];
  card: string;
  onChange: (type: RenewableType, on: boolean) => void;
}) {
  if (renewals.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="renewal-heading">
      <Typography id="renewal-heading" variant="h6" component="h2" gutterBottom>
        Yearly renewal
      </Typography>
      <Stack spacing={2}>
        {renewals.map((terms) => {
          const label = SUBSCRIPTION_LABELS[terms.TYPE];
          const runs = `Your ${label} subscription runs until ${terms.EXPIRES}.`;
          if (!renewable(terms))
            return (
              <Typography key={terms.TYPE}>
                {runs} It is not renewed automatically: renew it by hand before it ends.
              </Typography>
            );
          const termsId = `renewal-${terms.TYPE}-terms`;
          return (
            <Box key={terms.TYPE}>
              <FormControlLabel
                sx={boxRow}
                control={
                  <Checkbox
                    checked={chosen.includes(terms.TYPE)}
                    onChange={(_, on) => onChange(terms.TYPE, on)}
                    slotProps={{ input: { 'aria-describedby': termsId } }}
                  />
                }
                label={`Renew ${label} automatically`}
              />
              <FormHelperText id={termsId} sx={{ mx: 0, fontSize: '0.875rem', color: 'text.primary' }}>
                {runs} With auto-renew, {chargeClause(terms, card)}, until you turn it off: at any time, on your
                account&apos;s Subscriptions tab. Without it, nothing more is charged and it ends on {terms.EXPIRES}.
              </FormHelperText>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * "Keep this card on file" under a new card (signed in only): unticked unless the customer chose
 * auto-renew, which charges the card on file; unticking it turns auto-renew off (the pay screen does).
 * `replaces`: the last four of the card on file it would replace.
 */
export function KeepCardChoice({
  keep,
  autoRenew,
  replaces,
  onChange,
}: {
  keep: boolean;
  autoRenew: boolean;
  replaces: string | null;
  onChange: (keep: boolean) => void;
}) {
  const help = !keep
    ? 'Unticked, this card is used for this payment only and is not kept.'
    : autoRenew
      ? 'Auto-renew charges the card on file, so this card is kept for it. Unticking this box turns auto-renew off.'
      : 'Kept for your next purchases; you can replace it on your account.';
  return (
    <Box>
      <FormControlLabel
        sx={boxRow}
        control={
          <Checkbox
            checked={keep}
            onChange={(_, checked) => onChange(checked)}
            slotProps={{ input: { 'aria-describedby': 'keep-card-help' } }}
          />
        }
        label="Keep this card on file"
      />
      <FormHelperText id="keep-card-help" sx={{ mx: 0 }}>
        {help}
        {keep && replaces ? ` It replaces the card ending in ${replaces}.` : ''}
      </FormHelperText>
    </Box>
  );
}
