/** The rule of src/shop/cart.ts. */
export const rule = (text: string): string => text;
