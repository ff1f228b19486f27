import type { StreamProduct } from '#libs/contracts/streaming.js';
import { type Access, isELearning } from '#libs/domain/streaming/access.js';
import type { StreamCatalogProduct } from '#libs/read-models/stream-products.js';
import type { CategoryFacts } from '../catalog/index.js';

/**
 * A Stream product (signed-in section 3) as the list and the detail show it; URLs of titles are null
 * there. ELEARNING and SAFETYCREDITS follow the catalog's category kinds.
 */
export function streamProductOf(product: StreamCatalogProduct, access: Access, kinds: CategoryFacts): StreamProduct {
  const safety = product.CATEGORIES.some((c) => kinds.safety.includes(c));
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
    ELEARNING: isELearning(product, kinds.eLearning) ? 1 : 0,
    PATH: `assets/img/products/${product.ID}/${product.ID}.jpeg`,
    CME: product.CREDITS,
    SAFETYCREDITS: safety ? product.CREDITS : 0,
    TOC: product.TITLES.map((t) => t.TITLE).join('\n'),
    PACKAGE: access.package,
    DATA: [{ TITLES: product.TITLES.map((t) => ({ ID: t.ID, TITLE: t.TITLE, URL: null })) }],
  };
}
