import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { IFLAP_PRODUCT_ID } from '@contracts/catalog';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { addRequestFor } from '@/lib/cart/add-to-cart';
import { useAddItemMutation } from '@/lib/cart/cart-api';
import { useProductQuery } from '@/lib/catalog-api';

/** test (storefront section 2): adds product 399, the iFlap app, to the cart with quantity 1. */
export default function PromoTestRoute() {
  const { data: product } = useProductQuery(IFLAP_PRODUCT_ID);
  const [addItem] = useAddItemMutation();
  const snackbar = useAddedSnackbar();
  const done = useRef(false);
  const { show } = snackbar;

  useEffect(() => {
    if (!product || done.current) return;
    done.current = true;
    // Told once the server's cart holds it, as the product pages do: a quick "Go to the cart" finds it there.
    void addItem(addRequestFor(product, 1))
      .unwrap()
      .then(() => show('iFlap has been added to the cart'))
      .catch(() => undefined);
  }, [product, addItem, show]);

  return (
    <Page title="iFlap">
      <Typography sx={{ mb: 2 }}>
        The iFlap app puts local flap design in your pocket: plan, rehearse and review flaps on your phone or tablet.
      </Typography>
      <AppLink to="/cart">Go to the cart</AppLink>
      {snackbar.element}
    </Page>
  );
}
