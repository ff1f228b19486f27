import type { StreamProduct } from '#libs/contracts/streaming.js';
import { type Access, isELearning } from '#libs/domain/streaming/access.js';
import type { StreamCatalogProduct } from '#libs/read-models/stream-products.js';

/** Category of patient-safety products: their credits count as safety credits. */
export const SAFETY_CATEGORY_ID = 28;

/** A Stream product (signed-in section 3) as the list and the detail show it; URLs of titles are null there. */
export function streamProductOf(product: StreamCatalogProduct, access: Access): StreamProduct {
  return {
    ID: product.ID,
    PRODUCTNAME: product.NAME,
    DESCR: product.DESCR,
    PUBDATE: product.PUBDATE,
    TOTAL: product.TITLES.length,
    CATSUBCATS: product.CATEGORIES,
    SPONSORED: 0,
    PURCHASED: access.purchased ? 1 : 0,
    FACULTY: product.FACULTY.join(', '),
    ELEARNING: isELearning(product) ? 1 : 0,
    PATH: `assets/img/products/${product.ID}/${product.ID}.jpeg`,
    CME: product.CREDITS,
    SAFETYCREDITS: product.CATEGORIES.includes(SAFETY_CATEGORY_ID) ? product.CREDITS : 0,
    TOC: product.TITLES.map((t) => t.TITLE).join('\n'),
    PACKAGE: access.package,
    DATA: [{ TITLES: product.TITLES.map((t) => ({ ID: t.ID, TITLE: t.TITLE, URL: null })) }],
  };
}
