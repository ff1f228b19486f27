import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useParams } from 'react-router';
import { CME_PACKAGE_ID, COMPLETE_PACKAGE_ID, type Product } from '@contracts/catalog';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { NotFoundPage } from '@/components/not-found';
import { termsOf } from '@/components/subscribe-menu';
import { addedMessage, addRequestFor } from '@/lib/cart/add-to-cart';
import { useAddItemMutation } from '@/lib/cart/cart-api';
import { useProductQuery } from '@/lib/catalog-api';
import { formatUsd } from '@/lib/money';
import { PriceTag } from '../components/price-tag';
import { productImage } from '@/lib/product-image';

export const CME_NOTICE =
  'This product can only be purchased with a new or current subscription to Complete, Stream, or eLearning';
export const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 999.';
const MIN_QTY = 1;
const MAX_QTY = 999;

function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= MIN_QTY && value <= MAX_QTY ? value : null;
}

function PurchaseBox({ product, onAdded }: { product: Product; onAdded: (message: string) => void }) {
  const [addItem] = useAddItemMutation();
  const [quantity, setQuantity] = useState('1');
  const [touched, setTouched] = useState(false);
  const terms = termsOf(product);
  const [years, setYears] = useState(terms[0]?.years ?? 1);
  const isComplete = product.ID === COMPLETE_PACKAGE_ID;
  const isCme = product.ID === CME_PACKAGE_ID;
  const subscription = isComplete || isCme || product.TERMS.length > 0;
  const qty = parseQuantity(quantity);
  const invalid = !subscription && qty === null;

  const add = () => {
    setTouched(true);
    if (subscription) {
      const term = terms.find((entry) => entry.years === years) ?? terms[0];
      if (!term) return;
      void addItem(addRequestFor(product, 1, term))
        .unwrap()
        .then(() => onAdded(addedMessage(product)))
        .catch(() => undefined);
    } else {
      if (qty === null) return;
      void addItem(addRequestFor(product, qty))
        .unwrap()
        .then(() => onAdded(addedMessage(product)))
        .catch(() => undefined);
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {subscription && terms.length > 1 ? (
        <FormControl>
          <FormLabel id="term-label">Term</FormLabel>
          <RadioGroup
            aria-labelledby="term-label"
            value={String(years)}
            onChange={(event) => setYears(Number(event.target.value))}
          >
            {terms.map((term) => (
              <FormControlLabel
                key={term.years}
                value={String(term.years)}
                control={<Radio />}
                label={`${term.years} Year${term.years > 1 ? 's' : ''}: ${formatUsd(term.price)} / year`}
              />
            ))}
          </RadioGroup>
        </FormControl>
      ) : null}
      {isCme ? (
        <Typography>
          {product.CREDITS || 20} AMA PRA Category 1 credits, good through December 31, {new Date().getFullYear()}.
        </Typography>
      ) : null}
      {!subscription ? (
        <TextField
          label="Quantity"
          type="number"
          size="small"
          value={quantity}
          onChange={(event) => {
            setQuantity(event.target.value);
            setTouched(true);
          }}
          error={touched && invalid}
          helperText={touched && invalid ? QUANTITY_MESSAGE : undefined}
          slotProps={{ htmlInput: { min: MIN_QTY, max: MAX_QTY, step: 1 } }}
          sx={{ width: 140 }}
        />
      ) : null}
      <Button variant="contained" onClick={add} disabled={touched && invalid}>
        Add to Cart
      </Button>
    </Stack>
  );
}

/** Product detail of storefront section 2 (with the 130 and 155 special cases of section 9). */
export default function ProductRoute() {
  const { name, id } = useParams();
  const { search } = useLocation();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const { data: product, isLoading, isError } = useProductQuery(productId, { skip: !valid });
  const snackbar = useAddedSnackbar();

  if (!valid || isError) return <NotFoundPage />;
  if (isLoading || !product) return <LinearProgress aria-label="Loading product" />;
  // A wrong or outdated name in the address goes to the product's own one.
  if (name !== product.SLUG) return <Navigate to={`/product/${product.SLUG}/${product.ID}${search}`} replace />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}>
        <Box
          component="img"
          src={productImage(product.ID)}
          alt={product.NAME}
          sx={{ width: '100%', height: 'auto', borderRadius: 1, bgcolor: 'grey.200' }}
        />
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            {product.NAME}
          </Typography>
          {product.ID === COMPLETE_PACKAGE_ID ? null : <PriceTag product={product} size="h6" />}
          {product.CME_RESTRICTED ? <Alert severity="info">{CME_NOTICE}</Alert> : null}
          <PurchaseBox key={product.ID} product={product} onAdded={snackbar.show} />
          {/* The API sanitises DESCR on import; only its html is rendered. */}
          <Box className="product-description" dangerouslySetInnerHTML={{ __html: product.DESCR }} />
        </Stack>
      </Box>
      {snackbar.element}
    </Container>
  );
}
