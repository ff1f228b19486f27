// Linted as web/src/features/checkout/routes/fixture.tsx: the same reach through a relative path.
import CartRoute from '../../cart/routes/cart';

export const fixture = CartRoute;
