/** A product's image (signed-in section 2): assets/img/products/{PRODUCTID}/{PRODUCTID}.jpeg. */
export const productImage = (id: number): string => `/assets/img/products/${id}/${id}.jpeg`;
