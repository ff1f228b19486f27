/** A product's image (signed-in section 2): assets/img/products/{PRODUCTID}/{PRODUCTID}.jpeg. */
export const productImage = (id: number): string => `/assets/img/products/${id}/${id}.jpeg`;

/** The 400 px wide variant beside each product image (800 x 600): cards and small screens. */
export const productImageSmall = (id: number): string => `/assets/img/products/${id}/${id}-400.jpeg`;

/**
 * The attributes of a responsive product image: `src` stays the full image, `srcSet` offers the 400 px
 * variant, `sizes` says how wide it is shown, and width/height reserve its room (4:3) before it loads.
 */
export function productImageProps(id: number, sizes: string) {
  return {
    src: productImage(id),
    srcSet: `${productImageSmall(id)} 400w, ${productImage(id)} 800w`,
    sizes,
    width: 800,
    height: 600,
  };
}
