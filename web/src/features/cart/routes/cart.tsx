import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNavigate, useSearchParams } from 'react-router';
import { type CartLine, CME_PURCHASE_WARNING, COUPON_MESSAGES, COUPON_MIN_LENGTH } from '@contracts/cart';
import { YEARLY_TYPES, type ProductType } from '@contracts/catalog';
import { useAppDispatch } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useViewer } from '@/lib/auth';
import { useServerCart } from '@/lib/cart/cart-api';
import { forgetCartId } from '@/lib/cart/cart-id';
import { formatUsd } from '@/lib/money';
import { productImage } from '@/lib/product-image';
import { typeWords } from '@/lib/product-words';
import { redirectTargetSet } from '@/lib/session';
import {
  useAddRenewalMutation,
  useApplyCouponMutation,
  useClearCartMutation,
  useRemoveItemMutation,
} from '../api/cart-api';

export const EMPTY_CART = 'You have 0 items in your cart.';

export const isYearly = (type: string): boolean => YEARLY_TYPES.includes(type as ProductType);

function Line({ line }: { line: CartLine }) {
  const [remove, { isLoading }] = useRemoveItemMutation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="cart-line">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box
            component="img"
            src={productImage(line.ID)}
            alt=""
            width={72}
            height={72}
            loading="lazy"
            sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200', flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {line.NAME}
            </Typography>
            {/* The short description: the full marketing text belongs to the product page. */}
            {line.product.SHORT_DESCR ? <Typography variant="body2">{line.product.SHORT_DESCR}</Typography> : null}
            <Typography variant="body2" color="text.secondary">
              {typeWords(line.TYPE)}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography sx={{ whiteSpace: 'nowrap' }}>
            {formatUsd(line.PRICE)}
            {isYearly(line.TYPE) ? ' / year' : ''}
          </Typography>
          <Typography aria-label={`Quantity of ${line.NAME}`} sx={{ whiteSpace: 'nowrap' }}>
            Qty: {line.QTY}
          </Typography>
          <IconButton aria-label={`Remove ${line.NAME}`} disabled={isLoading} onClick={() => void remove(line.KEY)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The coupon box; after a refused code it says which coupon still counts (`applied`), next to the refusal. */
function CouponBox({ applied }: { applied: string | null }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [apply, { isLoading }] = useApplyCouponMutation();
  const tooShort = code.trim().length < COUPON_MIN_LENGTH;

  const onApply = async () => {
    if (tooShort) return;
    try {
      const response = await apply(code.trim()).unwrap();
      // The server answers with the spec's message; a discount of 0 is never a success.
      if (response.success === 1 && response.data?.discount === 0)
        setMessage({ ok: false, text: COUPON_MESSAGES.not_qualifying });
      else if (response.success === 1) setMessage({ ok: true, text: response.message || COUPON_MESSAGES.valid });
      else setMessage({ ok: false, text: response.message || COUPON_MESSAGES.invalid });
    } catch {
      setMessage({ ok: false, text: COUPON_MESSAGES.invalid });
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField size="small" label="Coupon Code" value={code} onChange={(event) => setCode(event.target.value)} />
        <Button variant="outlined" disabled={tooShort || isLoading} onClick={() => void onApply()}>
          Apply
        </Button>
      </Stack>
      {message ? (
        <Alert severity={message.ok ? 'success' : 'error'} role="status">
          {message.text}
        </Alert>
      ) : null}
      {message && !message.ok && applied ? (
        <Typography variant="body2" data-testid="coupon-still-applied">
          The coupon {applied} is still applied.
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Cart screen of storefront section 2. */
export default function CartRoute() {
  const { data: cart, isLoading } = useServerCart();
  const viewer = useViewer();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [clearCart] = useClearCartMutation();
  const [addRenewal] = useAddRenewalMutation();
  const [cmeWarning, setCmeWarning] = useState(false);
  const handled = useRef<string | null>(null);

  const clear = params.has('clear');
  const renewType = params.get('renew');
  const renewTerm = Number(params.get('term') ?? '1');

  useEffect(() => {
    // The clear parameter clears the locally stored cart data: the server cart and the kept id.
    const key = params.toString();
    if (handled.current === key) return;
    if (clear) {
      handled.current = key;
      void clearCart()
        .unwrap()
        .catch(() => undefined)
        .finally(() => {
          forgetCartId();
          navigate('/cart', { replace: true });
        });
    } else if (renewType) {
      if (!viewer.loggedIn) {
        handled.current = key;
        dispatch(redirectTargetSet(`/cart?${key}`));
        navigate('/login');
        return;
      }
      handled.current = key;
      const term = (renewTerm >= 1 && renewTerm <= 3 ? renewTerm : 1) as 1 | 2 | 3;
      void addRenewal({ TYPE: renewType, TERM: term })
        .unwrap()
        .catch(() => undefined)
        .finally(() => navigate('/cart', { replace: true }));
    }
  }, [params, clear, renewType, renewTerm, viewer.loggedIn, clearCart, addRenewal, navigate, dispatch]);

  const items = cart?.items ?? [];
  const showCmeWarning = params.get('warning') === 'cme' || cmeWarning;

  const onCheckout = () => {
    if (cart?.cmeWarning) {
      setCmeWarning(true);
      return;
    }
    if (!viewer.loggedIn) {
      dispatch(redirectTargetSet('/checkout/customer'));
      navigate('/login');
      return;
    }
    navigate('/checkout/customer');
  };

  return (
    <Page title="Cart">
      <Stack spacing={2}>
        {showCmeWarning ? (
          <Alert severity="warning" role="note">
            {CME_PURCHASE_WARNING}
          </Alert>
        ) : null}
        {isLoading ? <LinearProgress aria-label="Loading cart" /> : null}
        {!isLoading && items.length === 0 ? <Typography>{EMPTY_CART}</Typography> : null}
        {items.map((line) => (
          <Line key={line.KEY} line={line} />
        ))}
        {cart && items.length > 0 ? (
          <>
            <CouponBox applied={cart.coupon?.code ?? null} />
            <Divider />
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', gap: 1, m: 0 }}
            >
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatUsd(cart.SUBTOTAL)}</dd>
              <dt>Discount{cart.coupon ? ` (${cart.coupon.code})` : ''}</dt>
              <dd data-testid="cart-discount">{formatUsd(cart.DISCOUNT)}</dd>
              <dt>
                <strong>Total</strong>
              </dt>
              <dd data-testid="cart-total">
                <strong>{formatUsd(cart.TOTAL)}</strong>
              </dd>
            </Box>
            <Box>
              <Button variant="contained" onClick={onCheckout}>
                Checkout
              </Button>
            </Box>
          </>
        ) : null}
        <AppLink to="/products/0">Continue Shopping</AppLink>
      </Stack>
    </Page>
  );
}
