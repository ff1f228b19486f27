import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { cartCleared, selectCartItems } from '../cart-slice';

/** Cart placeholder until the cart feature: lists the locally stored items. */
export default function CartRoute() {
  const items = useAppSelector(selectCartItems);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const clear = params.has('clear');

  useEffect(() => {
    // Storefront section 2: the clear query parameter clears the locally stored cart data.
    if (clear) dispatch(cartCleared());
  }, [clear, dispatch]);

  return (
    <Page title="Cart">
      <Stack spacing={2}>
        <Alert severity="info">The full cart arrives with the cart feature.</Alert>
        {items.length === 0 ? (
          <Typography>You have 0 items in your cart.</Typography>
        ) : (
          <List>
            {items.map((item) => (
              <ListItem key={`${item.ID}-${item.TYPE}`} divider>
                <ListItemText primary={item.NAME} secondary={`${item.TYPE} · Qty ${item.QTY}`} />
              </ListItem>
            ))}
          </List>
        )}
        <AppLink to="/products/0">Continue Shopping</AppLink>
      </Stack>
    </Page>
  );
}
