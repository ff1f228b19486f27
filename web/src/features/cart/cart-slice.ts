import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Cart item shape of storefront section 3. PRICE is integer cents (per year for subscription types,
 * whose QTY is the number of years of the chosen term); product is a copy of the product without
 * DESCR and productprices.
 */
export interface CartItem {
  ID: number;
  NAME: string;
  DESCR: string;
  TYPE: string;
  PRICE: number;
  QTY: number;
  SHIP_WEIGHT?: number;
  product?: Record<string, unknown>;
}

export interface CartState {
  items: CartItem[];
  coupon: { code: string; discount: Record<string, unknown> } | null;
}

export const CART_KEY = 'cart';
const MAX_QTY = 999;
// Subscriptions, CME and the iFlap app are held once: adding one again replaces the earlier choice.
const ONE_PER_CART = new Set(['elearning', 'pulse', 'STREAMING_ALL', 'qmpcomplete', 'cme', 'iflap']);

function readCart(): CartState {
  try {
    const raw = localStorage.getItem(CART_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<CartState>) : {};
    return { items: Array.isArray(parsed.items) ? parsed.items : [], coupon: parsed.coupon ?? null };
  } catch {
    return { items: [], coupon: null };
  }
}

function persist(state: CartState): void {
  localStorage.setItem(CART_KEY, JSON.stringify(state));
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: readCart,
  reducers: {
    itemAdded(state, action: PayloadAction<CartItem>) {
      const added = action.payload;
      // Storefront section 4: adding qmpcomplete removes any eLearning and STREAMING_ALL items.
      if (added.TYPE === 'qmpcomplete') {
        state.items = state.items.filter((item) => item.TYPE !== 'elearning' && item.TYPE !== 'STREAMING_ALL');
      }
      const existing = state.items.find((item) => item.ID === added.ID && item.TYPE === added.TYPE);
      if (existing && ONE_PER_CART.has(added.TYPE)) {
        existing.QTY = added.QTY;
        existing.PRICE = added.PRICE;
      } else if (existing) existing.QTY = Math.min(existing.QTY + added.QTY, MAX_QTY);
      else state.items.push(added);
      persist(state);
    },
    cartCleared(state) {
      state.items = [];
      state.coupon = null;
      persist(state);
    },
  },
});

export const { itemAdded, cartCleared } = cartSlice.actions;

export const selectCartCount = (state: { cart: CartState }): number =>
  state.cart.items.reduce((sum, item) => sum + item.QTY, 0);
export const selectCartItems = (state: { cart: CartState }): CartItem[] => state.cart.items;
