import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import { Controller, useForm } from 'react-hook-form';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useNavigate } from 'react-router';
import type { BillingAddress, CheckoutContact, ShippingOption } from '@contracts/cart';
import { useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useAccountQuery } from '@/lib/account-api';
import { useViewer } from '@/lib/auth';
import { useServerCart } from '@/lib/cart/cart-api';
import { cartShips, onlyShipped } from '@/lib/cart/ships';
import { useReferenceQuery } from '@/lib/catalog-api';
import { selectToken } from '@/lib/session';
import { useQuoteMutation } from '../api/checkout-api';
import { AddressFields } from '@/components/address-fields';
import { DOB_FORMAT, DOB_PATTERN, DOB_REQUIRED, messageOf, muiField, REQUIRED_BANNER, required } from '@/lib/form';
import { PERSON_RULES } from '@/lib/person';
import { BillingAddressSection } from '../components/billing-address';
import { Totals } from '../components/totals';
import { prefillFrom } from '../account-prefill';
import { readCustomer, writeCustomer } from '../customer-storage';

interface CustomerForm extends CheckoutContact {
  SHIPPING: '1' | '2';
  differentBilling: boolean;
  billing: BillingAddress;
}

const emptyBilling: BillingAddress = { ADDRESS: '', ADDRESS2: '', CITY: '', STATE: '', ZIP: '', COUNTRY: '' };

/** checkout/customer: contact, shipping address and option, optional billing address (signed-in 2, 5, 8). */
export default function CheckoutCustomerRoute() {
  const viewer = useViewer();
  const token = useAppSelector(selectToken);
  const { data: cart, isLoading: cartLoading } = useServerCart();
  const { data: reference } = useReferenceQuery();
  const navigate = useNavigate();
  const [quote, { data: quoted }] = useQuoteMutation();
  const [banner, setBanner] = useState(false);
  const stored = readCustomer();

  const {
    register,
    handleSubmit,
    watch,
    control,
    reset,
    formState: { errors, isSubmitted, isDirty },
  } = useForm<CustomerForm>({
    defaultValues: {
      FIRSTNAME: '',
      LASTNAME: '',
      company: '',
      PHONE: '',
      EMAIL: '',
      ADDRESS: '',
      ADDRESS2: '',
      CITY: '',
      STATE: '',
      ZIP: '',
      COUNTRY: 'USA',
      DOB: '',
      ...stored?.contact,
      SHIPPING: stored?.shipping === 2 ? '2' : '1',
      differentBilling: stored?.billing !== null && stored?.billing !== undefined,
      billing: stored?.billing ?? emptyBilling,
    },
  });

  // A signed-in customer's name and email, then the saved account (addresses, phone), fill an empty form:
  // nothing stored from an earlier visit and nothing typed yet.
  const me = viewer.me;
  useEffect(() => {
    if (!me || stored || isDirty) return;
    // keepDirtyValues: a field typed while the answer was on its way keeps what was typed.
    reset((values) => ({ ...values, FIRSTNAME: me.firstname, LASTNAME: me.lastname, EMAIL: me.email }), {
      keepDirtyValues: true,
    });
  }, [me]);
  const account = useAccountQuery(token ?? skipToken).data?.data;
  useEffect(() => {
    if (!account || stored || isDirty) return;
    const prefill = prefillFrom(account);
    reset(
      (values) => ({
        ...values,
        ...prefill.contact,
        differentBilling: prefill.differentBilling,
        billing: prefill.billing ?? values.billing,
      }),
      { keepDirtyValues: true },
    );
  }, [account]);

  const country = watch('COUNTRY');
  const state = watch('STATE');
  const shipping = watch('SHIPPING');
  const differentBilling = watch('differentBilling');
  const items = cart?.items ?? [];
  const hasCme = items.some((item) => item.TYPE.toLowerCase() === 'cme');
  const dobRequired = hasCme && country === 'USA';
  // Meetings and digital items ship nothing: the one address is the billing address and there is no speed.
  const ships = cartShips(items);

  useEffect(() => {
    if (!country || !state || items.length === 0) return;
    void quote({ COUNTRY: country, STATE: state, SHIPPING: Number(shipping) as ShippingOption });
  }, [country, state, shipping, items.length, quote]);

  if (cartLoading) return <LinearProgress aria-label="Loading cart" />;
  if (items.length === 0)
    return (
      <Page title="Checkout">
        <Typography sx={{ mb: 2 }}>You have 0 items in your cart.</Typography>
        <AppLink to="/products/0">Continue Shopping</AppLink>
      </Page>
    );
  if (!viewer.loggedIn && !onlyShipped(items))
    return (
      <Page title="Checkout">
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          Subscriptions, streaming and CME are tied to an account: please log in or register to buy them. Guest checkout
          is for carts that hold only physical items such as books.
        </Alert>
        <Stack direction="row" spacing={3}>
          <AppLink to="/login">Login</AppLink>
          <AppLink to="/user/register">Create Account</AppLink>
          <AppLink to="/cart">Back to the cart</AppLink>
        </Stack>
      </Page>
    );

  const onValid = (form: CustomerForm) => {
    setBanner(false);
    const { SHIPPING, differentBilling: different, billing, ...contact } = form;
    writeCustomer({
      contact: dobRequired ? contact : { ...contact, DOB: contact.DOB || undefined },
      billing: ships && different ? billing : null,
      shipping: ships && SHIPPING === '2' ? 2 : 1,
    });
    navigate('/checkout/pay');
  };

  const field = (
    name: 'FIRSTNAME' | 'LASTNAME' | 'company' | 'PHONE' | 'EMAIL',
    label: string,
    options: object,
    req: boolean,
  ) => (
    <TextField
      fullWidth
      label={label}
      required={req}
      type={name === 'EMAIL' ? 'email' : name === 'PHONE' ? 'tel' : 'text'}
      error={messageOf(errors[name]) !== undefined}
      helperText={messageOf(errors[name])}
      {...muiField(register(name, options))}
    />
  );

  return (
    <Page title="Checkout">
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, () => setBanner(true))}>
        <Stack spacing={3}>
          {/* After a submit the fields re-validate on change: the banner goes once every field is fixed. */}
          {banner && isSubmitted && Object.keys(errors).length > 0 ? (
            <Alert severity="error">{REQUIRED_BANNER}</Alert>
          ) : null}
          <section aria-labelledby="contact-heading">
            <Typography id="contact-heading" variant="h6" component="h2" gutterBottom>
              Contact
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('FIRSTNAME', 'First Name', PERSON_RULES.firstname, true)}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('LASTNAME', 'Last Name', PERSON_RULES.lastname, true)}</Grid>
              <Grid size={{ xs: 12 }}>{field('company', 'Company', {}, false)}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field(
                  'PHONE',
                  'Phone',
                  // Required here (the order's contact), optional in the profile.
                  { required: required('Phone'), ...PERSON_RULES.phone },
                  true,
                )}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('EMAIL', 'Email', PERSON_RULES.email, true)}</Grid>
            </Grid>
          </section>
          <section aria-labelledby="shipping-heading">
            <Typography id="shipping-heading" variant="h6" component="h2" gutterBottom>
              {ships ? 'Shipping address' : 'Billing address'}
            </Typography>
            <AddressFields prefix="" register={register} errors={errors} reference={reference} section="shipping" />
          </section>
          {dobRequired || hasCme ? (
            <TextField
              label="Date of Birth (MM/DD/YYYY)"
              required={dobRequired}
              placeholder="MM/DD/YYYY"
              error={messageOf(errors.DOB) !== undefined}
              helperText={messageOf(errors.DOB) ?? 'Needed by the CME accreditor for customers in the USA.'}
              {...muiField(
                register('DOB', {
                  validate: (value) => {
                    const text = (value ?? '').trim();
                    if (!text) return dobRequired ? DOB_REQUIRED : true;
                    return DOB_PATTERN.test(text) || DOB_FORMAT;
                  },
                }),
              )}
            />
          ) : null}
          {ships ? (
            <FormControl>
              <FormLabel id="shipping-option-label">Shipping option</FormLabel>
              <Controller
                control={control}
                name="SHIPPING"
                render={({ field: radio }) => (
                  <RadioGroup
                    aria-labelledby="shipping-option-label"
                    row
                    value={radio.value}
                    onChange={(event) => radio.onChange(event.target.value)}
                  >
                    <FormControlLabel value="1" control={<Radio />} label="Standard" />
                    <FormControlLabel value="2" control={<Radio />} label="Expedited" />
                  </RadioGroup>
                )}
              />
            </FormControl>
          ) : null}
          {ships ? (
            <FormControlLabel
              control={
                <Controller
                  control={control}
                  name="differentBilling"
                  render={({ field: box }) => (
                    <Checkbox checked={box.value} onChange={(event) => box.onChange(event.target.checked)} />
                  )}
                />
              }
              label="Use a different billing address"
            />
          ) : null}
          {ships && differentBilling ? (
            <BillingAddressSection register={register} errors={errors} reference={reference} />
          ) : null}
          {quoted ? <TotalsSection quote={quoted} /> : null}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              Continue to Payment
            </Button>
            <AppLink to="/cart">Back to the cart</AppLink>
          </Stack>
        </Stack>
      </Box>
    </Page>
  );
}

function TotalsSection({ quote }: { quote: NonNullable<ReturnType<typeof useQuoteMutation>[1]['data']> }) {
  return (
    <section aria-labelledby="totals-heading">
      <Typography id="totals-heading" variant="h6" component="h2" gutterBottom>
        Order total
      </Typography>
      <Totals quote={quote} />
    </section>
  );
}
