import { useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CardOnFile, Subscriptions } from '@contracts/cart';
import type { RenewableType, SubscriptionRenewal } from '@contracts/renewals';
import { LoadError } from '@/components/load-error';
import { errorBody } from '@/lib/api';
import { useCardOnFileQuery } from '@/lib/card-api';
import { asSentence, chargeClause, renewable, SUBSCRIPTION_LABELS } from '@/lib/renewal-terms';
import { useSetSubscriptionAutoRenewMutation, useSubscriptionsQuery } from '../api/account-api';

type ExpiryKey = Exclude<keyof Subscriptions, 'RENEWALS'>;

const ROWS: { key: ExpiryKey; type: RenewableType }[] = [
  { key: 'cme_expire', type: 'cme' },
  { key: 'complete_expire', type: 'qmpcomplete' },
  { key: 'streaming_all_expire', type: 'streaming_all' },
  { key: 'elearning_expire', type: 'elearning' },
];

/** The switch 44 px high (a phone's tap target), its thumb and track centred as MUI draws them. */
const SWITCH_44 = { height: 44, py: '15px', '& .MuiSwitch-switchBase': { py: '12px' } } as const;

export const AUTO_RENEW_NOT_SAVED = 'Auto-renew could not be changed. Please try again.';

/** Signed-in section 2: 0000-00-00 and 1970-01-01 both mean "none" and show N/A. */
export function expiryText(value: string | null | undefined): string {
  const date = (value ?? '').split('T')[0] ?? '';
  return date === '' || date === '0000-00-00' || date === '1970-01-01' ? 'N/A' : date;
}

/** What the row says of a running subscription's renewal, as its switch now stands. */
function renewalText(renewal: SubscriptionRenewal, card: CardOnFile | null): string {
  if (renewal.AUTORENEW === 0) return `Auto-renew is off: it ends on ${renewal.EXPIRES} and nothing more is charged.`;
  if (!renewable(renewal))
    return `It is not renewed automatically this time: renew it by hand before ${renewal.EXPIRES}.`;
  if (!card)
    return `Auto-renew is on, but there is no card on file: add one on the Billing tab, or it ends on ${renewal.EXPIRES}.`;
  return asSentence(chargeClause(renewal, `the card ending in ${card.LAST4}`));
}

/**
 * The Subscriptions tab: the expiry date of each subscription type (signed-in section 2) and, for each
 * running one, its renewal terms and its own auto-renew switch (docs/decisions.md, "The renewal and the
 * card: the customer's choice"). A switch saves at once; the change is announced, a failure shown.
 */
export function SubscriptionsTab({ token }: { token: string }) {
  const { data, isLoading, isFetching, isError, refetch } = useSubscriptionsQuery(token);
  const card = useCardOnFileQuery(token).data?.data ?? null;
  const [setAutoRenew] = useSetSubscriptionAutoRenewMutation();
  const [saving, setSaving] = useState<RenewableType | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (isLoading) return <LinearProgress aria-label="Loading subscriptions" />;
  if (isError || !data)
    return <LoadError what="Your subscriptions" onRetry={() => void refetch()} retrying={isFetching} />;

  const change = async (type: RenewableType, on: boolean) => {
    // One change at a time; the switches stay enabled, so a keyboard keeps its focus.
    if (saving !== null) return;
    setSaving(type);
    setSaid(null);
    setFailure(null);
    try {
      await setAutoRenew({ token, type, autorenew: on ? 1 : 0 }).unwrap();
      setSaid(`Auto-renew for ${SUBSCRIPTION_LABELS[type]} is now ${on ? 'on' : 'off'}.`);
    } catch (error) {
      const body = errorBody(error);
      setFailure(body?.message[0] || body?.error || AUTO_RENEW_NOT_SAVED);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Table size="small" aria-label="Subscriptions" aria-busy={saving !== null}>
        <TableHead>
          <TableRow>
            <TableCell>Subscription</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Auto-renew</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map(({ key, type }) => {
            const label = SUBSCRIPTION_LABELS[type];
            const renewal = data.RENEWALS.find((r) => r.TYPE === type);
            const textId = `renewal-${type}-text`;
            return (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {label}
                  {renewal ? (
                    <Typography id={textId} variant="body2" color="text.secondary">
                      {renewalText(renewal, card)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiryText(data[key])}</TableCell>
                <TableCell>
                  {renewal ? (
                    <Switch
                      checked={renewal.AUTORENEW === 1}
                      onChange={(_, on) => void change(type, on)}
                      sx={SWITCH_44}
                      slotProps={{ input: { 'aria-label': `Auto-renew ${label}`, 'aria-describedby': textId } }}
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      Not running
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography role="status" variant="body2">
        {said ?? ''}
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Typography variant="body2" color="text.secondary">
        Each switch turns one subscription&apos;s automatic renewal on or off at once. The auto-renew box on your
        Profile tab turns every subscription on or off together.
      </Typography>
    </Stack>
  );
}
