import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import type { Product, ProductListItem } from '@contracts/catalog';
import { addedMessage, addRequestFor } from '@/lib/cart/add-to-cart';
import { useAddItemMutation } from '@/lib/cart/cart-api';
import { formatUsd } from '@/lib/money';

export interface TermChoice {
  years: number;
  price: number;
}

/** The terms a subscription offers; a product without TERMS is one year at its own price. */
export function termsOf(product: Product | ProductListItem): TermChoice[] {
  if (product.TERMS.length > 0) return product.TERMS.map((term) => ({ years: term.YEARS, price: term.PRICE }));
  return [{ years: 1, price: product.PRICING.SALE_PRICE ?? product.PRICING.PRICE }];
}

export const termLabel = (term: TermChoice): string =>
  `${term.years} Year${term.years > 1 ? 's' : ''}: ${formatUsd(term.price)} / year`;

/** A subscribe dropdown: one entry per term with its price per year; choosing one adds it to the cart. */
export function SubscribeMenu({
  label,
  product,
  onAdded,
}: {
  label: string;
  product: Product | ProductListItem | undefined;
  onAdded: (message: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [addItem] = useAddItemMutation();
  const id = useId();
  return (
    <>
      <Button
        variant="contained"
        id={`${id}-button`}
        aria-label={`Subscribe to ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor !== null}
        disabled={!product}
        endIcon={<ArrowDropDown />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Subscribe
      </Button>
      {product ? (
        <Menu
          id={`${id}-menu`}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={() => setAnchor(null)}
          slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
        >
          {termsOf(product).map((term) => (
            <MenuItem
              key={term.years}
              onClick={() => {
                setAnchor(null);
                void addItem(addRequestFor(product, 1, term))
                  .unwrap()
                  .then(() => onAdded(addedMessage(product)))
                  .catch(() => undefined);
              }}
            >
              {termLabel(term)}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </>
  );
}
