// Linted as web/src/features/catalog/routes/fixture.tsx: a feature reaching into another feature's internals.
import { useRemoveItemMutation } from '@/features/cart/api/cart-api';

export const fixture = useRemoveItemMutation;
