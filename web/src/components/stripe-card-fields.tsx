import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type {
  PaymentMethodCreateParams,
  Stripe,
  StripeCardElement,
  StripeCardElementChangeEvent,
} from '@stripe/stripe-js';
import { LoadError } from './load-error';
import { errorBody } from '@/lib/api';
import { loadStripe, stripeErrorText, useCardSetupMutation, type StripeSettings } from '@/lib/stripe';

/** What Stripe may keep with the card (name, contact, address); never required. */
export type CardBilling = PaymentMethodCreateParams.BillingDetails;

/** A payment method Stripe made of the typed card (`pm_...`), or the text of why it did not. */
export type PaymentMethodOutcome = { id: string } | { error: string };

export interface StripeCardHandle {
  /**
   * Asks the shop for a SetupIntent (POST /api/payments/card-setup) and confirms it in the browser with the
   * card typed into Stripe's fields (3-D Secure included): the card goes to Stripe only, the shop then gets
   * the payment method's id. `keep` false (the pay screen's "Keep this card on file" unticked): the
   * card is for this payment only, and the SetupIntent asks for on-session use only.
   */
  paymentMethod(billing?: CardBilling, keep?: boolean): Promise<PaymentMethodOutcome>;
}

export const CARD_FIELDS_NOT_READY = 'The card fields are still loading. Please try again in a moment.';
export const CARD_NOT_CHECKED = 'Your card could not be checked. Please try again.';

/** The text of a failed card-setup call: the server's first message (e.g. the 429), else the generic one. */
function setupFailure(error: unknown): string {
  const body = errorBody(error);
  return body?.message[0] || body?.ERROR || CARD_NOT_CHECKED;
}

/**
 * Stripe's own card Element (PCI DSS SAQ A: the card number is typed into Stripe's fields and sent to
 * Stripe only), in a box shaped like the form's outlined fields, full width. Stripe.js comes from
 * Stripe's address (`loadStripe`); while it loads a progress bar shows, a failed load the LoadError
 * panel with Retry. The parent takes `paymentMethod` through `ref`.
 */
export function StripeCardFields({
  settings,
  hidePostalCode = false,
  label = 'Card',
  ref,
}: {
  settings: StripeSettings;
  /** The postal code is asked elsewhere (checkout's billing address) and passed with `paymentMethod`. */
  hidePostalCode?: boolean;
  /** The name screen readers give the fields. */
  label?: string;
  ref?: Ref<StripeCardHandle>;
}) {
  const theme = useTheme();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [cardSetup] = useCardSetupMutation();
  const { JSURL, PUBLISHABLEKEY } = settings;

  useEffect(() => {
    let live = true;
    setFailed(false);
    loadStripe({ JSURL, PUBLISHABLEKEY }).then(
      (loaded) => live && setStripe(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [JSURL, PUBLISHABLEKEY, attempt]);

  const { fontFamily } = theme.typography;
  const color = theme.palette.text.primary;
  useEffect(() => {
    if (!stripe || !mountPoint.current) return;
    const card = stripe.elements().create('card', {
      hidePostalCode,
      style: { base: { fontSize: '16px', fontFamily, color }, invalid: { color: theme.palette.error.main } },
    });
    card.mount(mountPoint.current);
    // Real Stripe.js passes the state of the fields; a stand-in may pass nothing.
    card.on('change', (event?: StripeCardElementChangeEvent) => setProblem(event?.error?.message ?? null));
    element.current = card;
    return () => {
      element.current = null;
      card.destroy();
    };
  }, [stripe, hidePostalCode, fontFamily, color, theme.palette.error.main]);

  useImperativeHandle(
    ref,
    () => ({
      paymentMethod: async (billing, keep = true) => {
        const card = element.current;
        if (!stripe || !card) return { error: CARD_FIELDS_NOT_READY };
        let secret: string;
        try {
          secret = (await cardSetup({ SAVE_CARD: keep }).unwrap()).CLIENTSECRET;
        } catch (error) {
          return { error: setupFailure(error) };
        }
        try {
          const result = await stripe.confirmCardSetup(secret, {
            payment_method: { card, ...(billing ? { billing_details: billing } : {}) },
          });
          if (result.error) return { error: stripeErrorText(result.error, CARD_NOT_CHECKED) };
          const made = result.setupIntent.payment_method;
          const id = typeof made === 'string' ? made : made?.id;
          return id ? { id } : { error: CARD_NOT_CHECKED };
        } catch (error) {
          return { error: stripeErrorText(error, CARD_NOT_CHECKED) };
        }
      },
    }),
    [stripe, cardSetup],
  );

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {failed ? (
        <LoadError what="The card fields" onRetry={() => setAttempt((count) => count + 1)} />
      ) : !stripe ? (
        <LinearProgress aria-label="Loading card fields" />
      ) : null}
      <Box
        ref={mountPoint}
        role="group"
        aria-label={label}
        data-testid="stripe-card-fields"
        sx={{
          display: stripe ? 'block' : 'none',
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: '100%',
          overflowWrap: 'anywhere',
          minHeight: 56,
          px: 1.75,
          py: 2,
          border: 1,
          borderColor: 'grey.400',
          borderRadius: 1,
          '&:hover': { borderColor: 'text.primary' },
          '&.StripeElement--focus': {
            borderColor: 'primary.main',
            boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
          },
          '&.StripeElement--invalid': { borderColor: 'error.main' },
          // A stand-in's plain inputs (the tests' mock) wrap instead of widening a phone's page.
          '& input': { maxWidth: '100%', boxSizing: 'border-box' },
        }}
      />
      {problem ? (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5, mx: 1.75 }}>
          {problem}
        </Typography>
      ) : null}
    </Box>
  );
}
