// Linted as web/src/features/cart/routes/fixture.tsx: its own feature, shared code and the typed hooks pass.
import { useAppDispatch } from '@/app/hooks';
import { Page } from '@/components/page';
import { useViewer } from '@/lib/auth';
import { useServerCart } from '@/lib/cart/cart-api';
import { useRemoveItemMutation } from '../api/cart-api';
import CartRoute from './cart';

export const fixture = [useAppDispatch, Page, useViewer, useServerCart, useRemoveItemMutation, CartRoute];
