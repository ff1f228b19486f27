import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { BillingAddress, CardInput, PayRequest } from '@contracts/cart';
import type { RenewableType } from '@contracts/renewals';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { CardFields } from '@/components/card-fields';
import { LoadError } from '@/components/load-error';
import { StripeCardFields } from '@/components/stripe-card-fields';
import { AppLink } from '@/components/router-link';
import { forgetCartId } from '@/lib/cart/cart-id';
import { useServerCart } from '@/lib/cart/cart-api';
import { cartShips } from '@/lib/cart/ships';
import { api, errorBody, errorStatus } from '@/lib/api';
import { REQUIRED_BANNER } from '@/lib/form';
import { selectToken } from '@/lib/session';
import { useReferenceQuery } from '@/lib/catalog-api';
import { useCardOnFileQuery } from '@/lib/card-api';
import { usePaymentsConfigQuery } from '@/lib/stripe';
import { useQuoteMutation } from '../api/checkout-api';
import { BillingAddressSection } from '../components/billing-address';
import { OrderItems } from '../components/order-items';
import { KeepCardChoice, RenewalChoices } from '../components/renewal-choices';
import { Totals } from '../components/totals';
import { clearCustomer, readCustomer } from '../customer-storage';
import { cardBilling, useStripePay } from '../use-stripe-pay';

export const PAY_ERRORS = 'Something went wrong with processing. Check your card info and try again.';
export const STRIPE_UNAVAILABLE = 'Card payments are not available right now. Please try again later.';

interface PayForm extends CardInput {
  billing: BillingAddress;
}

/** checkout/pay: the card choice, the totals and Pay (signed-in sections 2, 4, 8). */
export default function CheckoutPayRoute() {
  // Read once: the stored data is cleared on success while this screen is still mounted.
  const [customer] = useState(readCustomer);
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: reference } = useReferenceQuery();
  const { data: cardData, isLoading: cardLoading } = useCardOnFileQuery(token ?? skipToken);
  const card = token ? (cardData?.data ?? null) : null;
  const [choice, setChoice] = useState<'file' | 'different'>('file');
  // The customer's own choices: nothing is renewed or kept unless ticked (docs/decisions.md, issue 31).
  const [autoRenew, setAutoRenew] = useState<RenewableType[]>([]);
  const [keepCard, setKeepCard] = useState(false);
  const [quote, { data: quoted, isError: quoteFailed }] = useQuoteMutation();
  const config = usePaymentsConfigQuery();
  const { card: stripeCard, submit } = useStripePay(config.data);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
  const items = useServerCart().data?.items ?? [];
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors },
  } = useForm<PayForm>({ defaultValues: { CC: '', MONTH: '', YEAR: '', SC: '' } });

  const contact = customer?.contact;
  const shipping = customer?.shipping ?? 1;
  useEffect(() => {
    if (contact) void quote({ COUNTRY: contact.COUNTRY, STATE: contact.STATE, SHIPPING: shipping });
  }, [contact?.COUNTRY, contact?.STATE, shipping, quote]);

  if (!customer) return <Navigate to="/checkout/customer" replace />;
  if (token && cardLoading) return <LinearProgress aria-label="Loading card" />;

  const useCardOnFile = card !== null && choice === 'file';
  const renewals = token ? (quoted?.RENEWALS ?? []) : [];
  const renewing = renewals.map((r) => r.TYPE).filter((type) => autoRenew.includes(type));
  // A renewal charges the card on file: choosing it with a new card keeps that card (the box shows so).
  const chooseAutoRenew = (type: RenewableType, on: boolean) => {
    setAutoRenew((list) => (on ? [...list.filter((t) => t !== type), type] : list.filter((t) => t !== type)));
    if (on) setKeepCard(true);
  };
  const chooseKeepCard = (keep: boolean) => {
    setKeepCard(keep);
    if (!keep && !useCardOnFile) setAutoRenew([]);
  };
  const billingRequired = card !== null && choice === 'different';
  // Which card fields: the shop's own (the sandbox) or Stripe's; none until the configuration is known.
  const stripeMode = config.data?.GATEWAY === 'stripe';
  const stripeSettings = stripeMode ? (config.data?.STRIPE ?? null) : null;
  const newCardReady = config.data !== undefined && (!stripeMode || stripeSettings !== null);

  const onPay = async (form: PayForm) => {
    if (inFlight.current || !quoted || (!useCardOnFile && !newCardReady)) return;
    inFlight.current = true;
    setBusy(true);
    setBanner(false);
    setErrors(null);
    setFailure(null);
    const request: PayRequest = {
      ATTJSON: customer.contact,
      BILLINGJSON: billingRequired ? form.billing : customer.billing,
      SHIPPING: customer.shipping,
      CARD:
        useCardOnFile || stripeMode
          ? null
          : { CC: form.CC.trim(), MONTH: form.MONTH, YEAR: form.YEAR, SC: form.SC.trim() },
      SAVE_CARD: token !== null && !useCardOnFile && keepCard,
      ...(token !== null ? { AUTORENEW: renewing } : {}),
      TOTAL: quoted.TOTAL,
    };
    try {
      const billing = request.BILLINGJSON ?? customer.contact;
      const outcome = await submit(
        request,
        stripeMode && !useCardOnFile ? cardBilling(customer.contact, billing) : null,
      );
      if ('errors' in outcome) {
        setErrors(outcome.errors);
        return;
      }
      const response = outcome.paid;
      clearCustomer();
      forgetCartId();
      // The cart, the product cache and the roles (a new subscription opens pages at once).
      // Signed-in section 2: payment success clears the cart, customer data and product cache.
      dispatch(api.util.invalidateTags(['Cart', 'Me', 'Orders', 'Card', 'Subscriptions', 'CmeInfo', 'Products']));
      const receipt = `/checkout/confirm/${encodeURIComponent(response.ONUM)}`;
      navigate(response.RECEIPTTOKEN ? `${receipt}?token=${encodeURIComponent(response.RECEIPTTOKEN)}` : receipt, {
        replace: true,
      });
    } catch (error) {
      const body = errorBody(error);
      setFailure(`${errorStatus(error) ?? 'Error'}: ${body?.message[0] || body?.error || 'The payment failed.'}`);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Page title="Payment">
      <Box component="form" noValidate onSubmit={handleSubmit(onPay, () => setBanner(true))}>
        <Stack spacing={3}>
          {banner && Object.keys(fieldErrors).length > 0 ? <Alert severity="error">{REQUIRED_BANNER}</Alert> : null}
          <Typography>
            {cartShips(items) ? 'Ship to' : 'Bill to'} {customer.contact.FIRSTNAME} {customer.contact.LASTNAME},{' '}
            {customer.contact.ADDRESS}, {customer.contact.CITY} {customer.contact.STATE} {customer.contact.ZIP},{' '}
            {customer.contact.COUNTRY}
            {cartShips(items) ? ` (${customer.shipping === 2 ? 'expedited' : 'standard'} shipping)` : ''}.{' '}
            <AppLink to="/checkout/customer">Change</AppLink>
          </Typography>
          {card ? (
            <FormControl>
              <FormLabel id="card-choice-label">Card</FormLabel>
              <RadioGroup
                aria-labelledby="card-choice-label"
                value={choice}
                onChange={(event) => {
                  const different = event.target.value === 'different';
                  setChoice(different ? 'different' : 'file');
                  if (different && renewing.length > 0) setKeepCard(true);
                }}
              >
                <FormControlLabel value="file" control={<Radio />} label={`use card ending in ${card.LAST4}`} />
                <FormControlLabel value="different" control={<Radio />} label="Different?" />
              </RadioGroup>
            </FormControl>
          ) : null}
          {!useCardOnFile ? (
            <section aria-labelledby="card-heading">
              <Typography id="card-heading" variant="h6" component="h2" gutterBottom>
                Card
              </Typography>
              {stripeSettings ? (
                <StripeCardFields ref={stripeCard} settings={stripeSettings} hidePostalCode />
              ) : stripeMode ? (
                <Alert severity="error">{STRIPE_UNAVAILABLE}</Alert>
              ) : config.data ? (
                <CardFields register={register} errors={fieldErrors} />
              ) : config.isError ? (
                <LoadError what="The card fields" onRetry={() => void config.refetch()} retrying={config.isFetching} />
              ) : (
                <LinearProgress aria-label="Loading card fields" />
              )}
              {token ? (
                <KeepCardChoice
                  keep={keepCard}
                  autoRenew={renewing.length > 0}
                  replaces={card?.LAST4 ?? null}
                  onChange={chooseKeepCard}
                />
              ) : null}
            </section>
          ) : null}
          {billingRequired ? (
            <BillingAddressSection register={register} errors={fieldErrors} reference={reference} />
          ) : null}
          {items.length > 0 ? <OrderItems items={items} /> : null}
          {quoted ? <Totals quote={quoted} /> : quoteFailed ? null : <LinearProgress aria-label="Loading totals" />}
          <RenewalChoices
            renewals={renewals}
            chosen={renewing}
            card={useCardOnFile && card ? `the card ending in ${card.LAST4} on file` : 'this card, kept on file,'}
            onChange={chooseAutoRenew}
          />
          {errors ? (
            <Alert severity="error">
              {PAY_ERRORS}
              <ul>
                {errors.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Box>
            <Button
              type="submit"
              variant="contained"
              sx={{ minHeight: 44, minWidth: 44 }}
              disabled={busy || !quoted || (!useCardOnFile && !newCardReady)}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
            >
              Pay
            </Button>
          </Box>
        </Stack>
      </Box>
    </Page>
  );
}
