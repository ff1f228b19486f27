import { z } from 'zod';
import { productSlug } from '#libs/domain/catalog/product-slug.js';
import {
  bool,
  cents,
  date,
  html,
  int,
  list,
  nullText,
  num,
  oneOf,
  optCents,
  optInt,
  optOneOf,
  optText,
  text,
} from '../columns.js';
import { CATEGORY_KINDS, type CatalogFile, keyOf, PRODUCT_TYPES, same } from './catalog-file.js';
import { type CmeCreditsRow, cmeCreditsProblems } from './cme-credits.js';
import { htmlToText, sanitizeCatalogHtml } from '../sanitize.js';

/** The product files: categories, products and what hangs off a product (prices, terms, terms of use, titles, documents). */
export const PRODUCT_FILES: CatalogFile[] = [
  {
    file: 'categories.csv',
    table: 'catalog_categories',
    // KIND names what the shop's rules read from a category (eLearning shelves, patient safety credits).
    schema: z.object({ ID: int(0), NAME: text(200), PARENT: optInt(0), MENU: bool(), KIND: optOneOf(CATEGORY_KINDS) }),
    columns: { id: 'int', name: 'text', parent: 'int', menu: 'boolean', kind: 'text' },
    key: ['id'],
    identity: (r) => keyOf(r, ['ID']),
    references: [{ column: 'PARENT', target: 'categories' }],
    check: (r) => (r.PARENT !== null && r.PARENT === r.ID ? ['PARENT: a category cannot be its own parent'] : []),
    provides: { target: 'categories', column: 'ID' },
    toRecord: same(['id', 'ID'], ['name', 'NAME'], ['parent', 'PARENT'], ['menu', 'MENU'], ['kind', 'KIND']),
  },
  {
    file: 'products.csv',
    table: 'catalog_products',
    schema: z.object({
      ID: int(1),
      NAME: text(300),
      TYPE: oneOf(PRODUCT_TYPES),
      PRICE: cents(),
      SALE_PRICE: optCents(),
      PUBDATE: date(),
      STREAMING: oneOf(['0', '1']),
      SHIP_WEIGHT: num(0, 0),
      DEMOURL: nullText(2000),
      CREDITS: num(0, 0),
      CME_RESTRICTED: bool(),
      SHORT_DESCR: optText(2000),
      DESCR: html(),
    }),
    columns: {
      id: 'int',
      name: 'text',
      slug: 'text',
      type: 'text',
      price: 'int',
      sale_price: 'int',
      pubdate: 'date',
      streaming: 'smallint',
      ship_weight: 'numeric',
      demourl: 'text',
      credits: 'numeric',
      cme_restricted: 'boolean',
      short_descr: 'text',
      descr: 'text',
      descr_text: 'text',
    },
    key: ['id'],
    identity: (r) => keyOf(r, ['ID']),
    // A CME activity states what its test can give (signed-in section 9: four questions at 0.5).
    check: (r) => cmeCreditsProblems(r as unknown as CmeCreditsRow),
    provides: { target: 'products', column: 'ID' },
    toRecord: (r) => {
      const descr = sanitizeCatalogHtml(r.DESCR as string);
      return {
        id: r.ID,
        name: r.NAME,
        slug: productSlug(r.NAME as string),
        type: r.TYPE,
        price: r.PRICE,
        sale_price: r.SALE_PRICE,
        pubdate: r.PUBDATE,
        streaming: Number(r.STREAMING),
        ship_weight: r.SHIP_WEIGHT,
        demourl: r.DEMOURL,
        credits: r.CREDITS,
        cme_restricted: r.CME_RESTRICTED,
        short_descr: r.SHORT_DESCR,
        descr,
        descr_text: htmlToText(descr),
      };
    },
  },
  {
    file: 'product-prices.csv',
    table: 'catalog_product_prices',
    schema: z.object({
      PRODUCTID: int(1),
      POSITION: int(1, 3, 'a position 1, 2 or 3'),
      TYPE: text(50),
      PRICE: optCents(),
      SALE_PRICE: optCents(),
    }),
    columns: { product_id: 'int', position: 'int', type: 'text', price: 'int', sale_price: 'int' },
    key: ['product_id', 'position'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['PRODUCTID', 'POSITION']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: same(
      ['product_id', 'PRODUCTID'],
      ['position', 'POSITION'],
      ['type', 'TYPE'],
      ['price', 'PRICE'],
      ['sale_price', 'SALE_PRICE'],
    ),
  },
  {
    file: 'product-terms.csv',
    table: 'catalog_product_terms',
    schema: z.object({ PRODUCTID: int(1), YEARS: int(1, 3, 'a term of 1, 2 or 3 years'), PRICE: cents() }),
    columns: { product_id: 'int', years: 'int', price: 'int' },
    key: ['product_id', 'years'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['PRODUCTID', 'YEARS']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: same(['product_id', 'PRODUCTID'], ['years', 'YEARS'], ['price', 'PRICE']),
  },
  {
    file: 'terms-of-use.csv',
    table: 'catalog_terms_of_use',
    // The Terms of Use a customer accepts before a product's videos play; an empty TEXT means none.
    schema: z.object({ PRODUCTID: int(1), TEXT: html() }),
    columns: { product_id: 'int', text: 'text' },
    key: ['product_id'],
    identity: (r) => keyOf(r, ['PRODUCTID']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: (r) => ({
      product_id: r.PRODUCTID,
      text: r.TEXT === '' ? null : sanitizeCatalogHtml(r.TEXT as string),
    }),
  },
  {
    file: 'product-categories.csv',
    table: 'catalog_product_categories',
    schema: z.object({ PRODUCTID: int(1), CATEGORYID: int(0) }),
    columns: { product_id: 'int', category_id: 'int' },
    key: ['product_id', 'category_id'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['PRODUCTID', 'CATEGORYID']),
    references: [
      { column: 'PRODUCTID', target: 'products' },
      { column: 'CATEGORYID', target: 'categories' },
    ],
    toRecord: same(['product_id', 'PRODUCTID'], ['category_id', 'CATEGORYID']),
  },
  {
    file: 'product-titles.csv',
    table: 'catalog_product_titles',
    schema: z.object({
      PRODUCTID: int(1),
      TITLEID: int(1),
      POSITION: int(0),
      TITLE: text(500),
      URL: text(2000),
      // Running time in seconds (the product page's table of contents); empty when unknown.
      DURATION: optInt(1, 86400, 'seconds from 1 to 86400'),
    }),
    columns: { title_id: 'int', product_id: 'int', position: 'int', title: 'text', url: 'text', duration: 'int' },
    key: ['title_id'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['TITLEID']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    // A path inside the media folder (MEDIA_DIR), served only through signed URLs: no way out of it.
    check: (r) =>
      /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(r.URL as string)
        ? []
        : ['URL: a file path inside the media folder, e.g. video/sample-1.mp4 (no leading /, no ..)'],
    toRecord: same(
      ['title_id', 'TITLEID'],
      ['product_id', 'PRODUCTID'],
      ['position', 'POSITION'],
      ['title', 'TITLE'],
      ['url', 'URL'],
      ['duration', 'DURATION'],
    ),
  },
  {
    file: 'product-documents.csv',
    table: 'catalog_product_documents',
    schema: z.object({ PRODUCTID: int(1), POSITION: int(0), TITLE: text(500), FILES: list(undefined, true) }),
    columns: { product_id: 'int', position: 'int', title: 'text', files: 'text[]' },
    key: ['product_id', 'position'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['PRODUCTID', 'POSITION']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    check: (r) =>
      (r.FILES as string[]).some((f) => f.includes('/') || f.includes('\\') || f.startsWith('.'))
        ? ['FILES: file names only (no folders), under books/{PRODUCTID}/ of the media folder']
        : [],
    toRecord: same(['product_id', 'PRODUCTID'], ['position', 'POSITION'], ['title', 'TITLE'], ['files', 'FILES']),
  },
];
