import Typography from '@mui/material/Typography';
import { YEARLY_TYPES, type ProductListItem } from '@contracts/catalog';
import { formatUsd } from '@/lib/money';

/** Price or sale price by the product's PRICING (the BOOK / STREAMING rule of storefront section 3). */
export function PriceTag({ product, size = 'body1' }: { product: ProductListItem; size?: 'body1' | 'h6' }) {
  const { PRICE, SALE_PRICE, TYPE } = product.PRICING;
  const perYear = YEARLY_TYPES.includes(product.TYPE) ? ' / year' : '';
  const format = TYPE === 'BOOK' ? 'Book' : TYPE === 'STREAMING' ? 'Streaming' : null;
  const onSale = SALE_PRICE !== null && SALE_PRICE < PRICE;
  return (
    <Typography variant={size} component="p" data-testid="price">
      {format ? <span>{format}: </span> : null}
      {onSale ? (
        <>
          <s>{formatUsd(PRICE)}</s> <strong>Sale price: {formatUsd(SALE_PRICE)}</strong>
        </>
      ) : (
        <strong>{formatUsd(SALE_PRICE ?? PRICE)}</strong>
      )}
      {perYear}
    </Typography>
  );
}
