import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { CLIENT_VERSION, type LoginRequest, type LoginResponse } from '@contracts/identity';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { PasswordField } from '@/components/password-field';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import type { CartView } from '@contracts/cart';
import { errorBody, userTimezone } from '@/lib/api';
import { muiField } from '@/lib/form';
import { currentPath } from '@/lib/navigation';
import { loggedIn, loginNoticeCleared, redeemCodeSet, redirectTargetSet } from '@/lib/session';
import { cartQueryApi, useMergeCartMutation } from '@/lib/cart/cart-api';
import { forgetCartId, storedCartId } from '@/lib/cart/cart-id';
import { useLoginMutation } from '../api/auth-api';

interface LoginForm {
  email: string;
  password: string;
}

export const EMPTY_CREDENTIALS = 'Email or Password can not be undefined.';

/** A link a thumb can hit on a phone: 44 px high (its text stays as it is). */
const tapLink = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

export default function LoginRoute() {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = useAppSelector((state) => state.session.loginNotice);
  const redirectTarget = useAppSelector((state) => state.session.redirectTarget);
  const redeemCode = useAppSelector((state) => state.session.redeemCode);
  const [mergeCart] = useMergeCartMutation();

  // The one-device notice stays while the user is on the login page (a late 401 does not clear it); it
  // goes once they leave it (a link, the navigation) or log in.
  useEffect(
    () => () => {
      if (currentPath() !== '/login') dispatch(loginNoticeCleared());
    },
    [dispatch],
  );

  /** The customer's cart after login (the merged one when the visitor had a cart), or null when it cannot be read. */
  const customerCart = async (token: string, merged: CartView | null): Promise<CartView | null> => {
    if (merged) return merged;
    // Keyed by the new token, as the cart query of the signed-in screens is (cartKey).
    const read = dispatch(cartQueryApi.endpoints.cart.initiate(token, { subscribe: false }));
    return read.unwrap().catch(() => null);
  };

  /** Destination order of storefront section 2: redeem target, CME redirect, stored target, streaming. */
  const destination = async (response: LoginResponse, merged: CartView | null): Promise<string> => {
    if (redeemCode !== null) {
      dispatch(redeemCodeSet(null));
      return redeemCode ? `/redeem/${encodeURIComponent(redeemCode)}` : '/redeem';
    }
    if (response.CMEREDIRECT) {
      const cart = await customerCart(response.token, merged);
      const cartHasCme = (cart?.items ?? []).some((item) => item.TYPE.toLowerCase() === 'cme');
      if (!cartHasCme) return '/user/account#cme';
    }
    if (redirectTarget) {
      dispatch(redirectTargetSet(null));
      return redirectTarget;
    }
    return '/streaming';
  };

  const attempt = async (request: LoginRequest) => {
    setFailure(null);
    try {
      const response = await login(request).unwrap();
      dispatch(loggedIn(response));
      // The anonymous cart moves into the customer's cart once; the browser then forgets its id.
      const anonymousCart = storedCartId();
      const merged = anonymousCart
        ? await mergeCart({ cartId: anonymousCart })
            .unwrap()
            .then((view) => {
              forgetCartId();
              return view;
            })
            .catch(() => null)
        : null;
      navigate(await destination(response, merged), { replace: true });
    } catch (error) {
      const body = errorBody(error);
      setFailure(body?.error || body?.message[0] || 'Login failed. Please try again.');
    }
  };

  const onSubmit = ({ email, password }: LoginForm) => {
    if (!email.trim() || !password) {
      setFailure(EMPTY_CREDENTIALS);
      return;
    }
    void attempt({ email: email.trim(), password, version: CLIENT_VERSION, utimezone: userTimezone() });
  };

  // A society sign-in token logs in on load, without email or password.
  const society = params.get('society');
  const societyTried = useRef<string | null>(null);
  // attempt is recreated each render; the ref keeps the token alone deciding whether to try.
  const attemptRef = useRef(attempt);
  attemptRef.current = attempt;
  useEffect(() => {
    if (!society || societyTried.current === society) return;
    societyTried.current = society;
    void attemptRef.current({ society, version: CLIENT_VERSION, utimezone: userTimezone() });
  }, [society]);

  return (
    <Page title="Login" maxWidth="sm">
      <Stack spacing={3}>
        {notice ? <Alert severity="warning">{notice}</Alert> : null}
        {/* The form's buttons (Login, SHOW/HIDE) are 44 px tap targets. */}
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Stack spacing={2}>
            <TextField label="Email" type="email" autoComplete="email" {...muiField(register('email'))} />
            <PasswordField label="Password" autoComplete="current-password" {...muiField(register('password'))} />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <Box>
              <SubmitButton busy={isLoading}>Login</SubmitButton>
            </Box>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
              <AppLink to="/user/register" sx={tapLink}>
                Create Account
              </AppLink>
              <AppLink to="/user/forgot" sx={tapLink}>
                Forgot Password
              </AppLink>
            </Stack>
          </Stack>
        </Box>
        <Alert severity="info" role="note">
          Have a code from a book? Log in, then redeem it.
          <br />
          <AppLink to="/redeem-info" sx={tapLink}>
            How to redeem a book code
          </AppLink>
        </Alert>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Guest Checkout
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            No account needed to buy: check out as a guest.
          </Typography>
          <AppLink to="/checkout/customer" sx={tapLink}>
            Checkout as a guest
          </AppLink>
        </Paper>
      </Stack>
    </Page>
  );
}
