import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Cart item shape of storefront section 3; the cart feature fills it in a later step. */
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
      const existing = state.items.find((item) => item.ID === action.payload.ID && item.TYPE === action.payload.TYPE);
      if (existing) existing.QTY += action.payload.QTY;
      else state.items.push(action.payload);
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
