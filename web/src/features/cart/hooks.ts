import { useAppSelector } from '@/app/hooks';
import { selectToken } from '@/lib/session';
import { useCartQuery } from './api/cart-api';

/** The server cart of whoever is using the browser (the query is keyed by the session token). */
export function useServerCart() {
  const token = useAppSelector(selectToken);
  return useCartQuery(token ?? 'anonymous');
}
