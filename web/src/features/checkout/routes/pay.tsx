import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { BillingAddress, CardInput, PayRequest } from '@contracts/cart';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { forgetCartId } from '@/lib/cart/cart-id';
import { api, errorBody, errorStatus } from '@/lib/api';
import { muiField } from '@/lib/form';
import { selectToken } from '@/lib/session';
import { useReferenceQuery } from '@/lib/catalog-api';
import { useCardOnFileQuery } from '../api/card-api';
import { usePayMutation, useQuoteMutation } from '../api/checkout-api';
import { BillingAddressSection, required } from '../components/address-fields';
import { Totals } from '../components/totals';
import { clearCustomer, readCustomer } from '../customer-storage';
import { REQUIRED_BANNER } from './customer';

export const PAY_ERRORS = 'Something went wrong with processing. Check your card info and try again.';
const YEARS = Array.from({ length: 11 }, (_, index) => String(2025 + index));
const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

interface PayForm extends CardInput {
  billing: BillingAddress;
}

function uuid(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
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
  const [quote, { data: quoted, isError: quoteFailed }] = useQuoteMutation();
  const [pay] = usePayMutation();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
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
  const billingRequired = card !== null && choice === 'different';

  const onPay = async (form: PayForm) => {
    if (inFlight.current || !quoted) return;
    inFlight.current = true;
    setBusy(true);
    setBanner(false);
    setErrors(null);
    setFailure(null);
    const request: PayRequest = {
      ATTJSON: customer.contact,
      BILLINGJSON: billingRequired ? form.billing : customer.billing,
      SHIPPING: customer.shipping,
      CARD: useCardOnFile ? null : { CC: form.CC.trim(), MONTH: form.MONTH, YEAR: form.YEAR, SC: form.SC.trim() },
      SAVE_CARD: token !== null && !useCardOnFile,
      TOTAL: quoted.TOTAL,
    };
    try {
      // A fresh key per press: the server charges a key once.
      const response = await pay({ request, idempotencyKey: uuid() }).unwrap();
      if (response.ERRORS.length > 0 || !response.ONUM) {
        setErrors(response.ERRORS);
        return;
      }
      clearCustomer();
      forgetCartId();
      // The cart, the product cache and the roles (a new subscription opens pages at once).
      // Signed-in section 2: payment success clears the cart, customer data and product cache.
      dispatch(api.util.invalidateTags(['Cart', 'Me', 'Orders', 'Card', 'Products']));
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

  const message = (error: { message?: unknown } | undefined) =>
    typeof error?.message === 'string' ? error.message : undefined;

  // Card Month and Card Year: the same native select, each with its required message.
  const cardSelect = (name: 'MONTH' | 'YEAR', label: string, values: readonly string[]) => (
    <TextField
      fullWidth
      required
      select
      label={label}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      error={message(fieldErrors[name]) !== undefined}
      helperText={message(fieldErrors[name])}
      {...muiField(register(name, { required: required(label) }))}
    >
      <option value="" />
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </TextField>
  );

  return (
    <Page title="Payment">
      <Box component="form" noValidate onSubmit={handleSubmit(onPay, () => setBanner(true))}>
        <Stack spacing={3}>
          {banner ? <Alert severity="error">{REQUIRED_BANNER}</Alert> : null}
          <Typography>
            Ship to {customer.contact.FIRSTNAME} {customer.contact.LASTNAME}, {customer.contact.ADDRESS},{' '}
            {customer.contact.CITY} {customer.contact.STATE} {customer.contact.ZIP}, {customer.contact.COUNTRY} (
            {customer.shipping === 2 ? 'expedited' : 'standard'} shipping).{' '}
            <AppLink to="/checkout/customer">Change</AppLink>
          </Typography>
          {card ? (
            <FormControl>
              <FormLabel id="card-choice-label">Card</FormLabel>
              <RadioGroup
                aria-labelledby="card-choice-label"
                value={choice}
                onChange={(event) => setChoice(event.target.value === 'different' ? 'different' : 'file')}
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
              <Grid container spacing={2}>
                <Grid size={{ xs: 12 }}>
                  <TextField
                    fullWidth
                    required
                    label="Card Number"
                    autoComplete="cc-number"
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
                    error={message(fieldErrors.CC) !== undefined}
                    helperText={message(fieldErrors.CC)}
                    {...muiField(
                      register('CC', {
                        required: required('Card Number'),
                        maxLength: { value: 16, message: 'Card Number must be at most 16 digits.' },
                        pattern: { value: /^\d+$/, message: 'Card Number must be digits only.' },
                      }),
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 4 }}>{cardSelect('MONTH', 'Card Month', MONTHS)}</Grid>
                <Grid size={{ xs: 4 }}>{cardSelect('YEAR', 'Card Year', YEARS)}</Grid>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    fullWidth
                    required
                    label="Security Code"
                    autoComplete="cc-csc"
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
                    error={message(fieldErrors.SC) !== undefined}
                    helperText={message(fieldErrors.SC)}
                    {...muiField(
                      register('SC', {
                        required: required('Security Code'),
                        maxLength: { value: 4, message: 'Security Code must be at most 4 digits.' },
                      }),
                    )}
                  />
                </Grid>
              </Grid>
            </section>
          ) : null}
          {billingRequired ? (
            <BillingAddressSection register={register} errors={fieldErrors} reference={reference} />
          ) : null}
          {quoted ? <Totals quote={quoted} /> : quoteFailed ? null : <LinearProgress aria-label="Loading totals" />}
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
              disabled={busy || !quoted}
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
