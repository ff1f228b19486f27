import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isCmePackage, isCompletePackage, type Product } from '@contracts/catalog';
import { termsOf } from '@/components/subscribe-menu';
import { addedMessage, addRequestFor } from '@/lib/cart/add-to-cart';
import { useAddItemMutation } from '@/lib/cart/cart-api';
import { formatUsd } from '@/lib/money';
import { type FormatChoice, formatChoices, formatLabel } from './format';

export const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 999.';
const MIN_QTY = 1;
const MAX_QTY = 999;

function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= MIN_QTY && value <= MAX_QTY ? value : null;
}

/** "Printed book: $249.00 (was $295.00)": the visible label of a format choice. */
function choiceLabel(choice: FormatChoice): string {
  const onSale = choice.SALE_PRICE !== null && choice.SALE_PRICE < choice.PRICE;
  const price = onSale ? `${formatUsd(choice.SALE_PRICE!)} (was ${formatUsd(choice.PRICE)})` : formatUsd(choice.PRICE);
  return `${formatLabel(choice.TYPE)}: ${price}`;
}

/**
 * Quantity or term, the format (every priced entry of productprices, each with its price) and Add to Cart.
 * The button's accessible name is its visible text (WCAG 2.5.3). The server prices the line by FORMAT.
 */
export function PurchaseBox({ product, onAdded }: { product: Product; onAdded: (message: string) => void }) {
  const [addItem, { isLoading: adding }] = useAddItemMutation();
  const [quantity, setQuantity] = useState('1');
  const [touched, setTouched] = useState(false);
  const terms = termsOf(product);
  const [years, setYears] = useState(terms[0]?.years ?? 1);
  const formats = formatChoices(product.productprices);
  const [format, setFormat] = useState(
    (formats.find((f) => f.TYPE === product.PRICING.TYPE) ?? formats[0])?.TYPE ?? null,
  );
  const isComplete = isCompletePackage(product);
  const isCme = isCmePackage(product);
  const subscription = isComplete || isCme || product.TERMS.length > 0;
  const qty = parseQuantity(quantity);
  const invalid = !subscription && qty === null;

  const add = () => {
    setTouched(true);
    let request;
    if (subscription) {
      const term = terms.find((entry) => entry.years === years) ?? terms[0];
      if (!term) return;
      request = addRequestFor(product, 1, term);
    } else {
      if (qty === null) return;
      request = { ...addRequestFor(product, qty), ...(formats.length > 1 && format ? { FORMAT: format } : {}) };
    }
    void addItem(request)
      .unwrap()
      .then(() => onAdded(addedMessage(product)))
      .catch(() => undefined);
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
      {!subscription && formats.length > 1 ? (
        <FormControl>
          <FormLabel id="format-label">Format</FormLabel>
          <RadioGroup aria-labelledby="format-label" value={format} onChange={(event) => setFormat(event.target.value)}>
            {formats.map((choice) => (
              <FormControlLabel key={choice.TYPE} value={choice.TYPE} control={<Radio />} label={choiceLabel(choice)} />
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
          helperText={touched && invalid ? QUANTITY_MESSAGE : ' '}
          slotProps={{ htmlInput: { min: MIN_QTY, max: MAX_QTY, step: 1 } }}
          sx={{ width: 140 }}
        />
      ) : null}
      <Button variant="contained" size="large" onClick={add} disabled={(touched && invalid) || adding}>
        Add to Cart
      </Button>
    </Stack>
  );
}
