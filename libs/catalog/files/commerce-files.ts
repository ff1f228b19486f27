import { z } from 'zod';
import {
  bool,
  cents,
  int,
  list,
  matching,
  num,
  oneOf,
  optCents,
  optDate,
  optOneOf,
  optText,
  text,
} from '../columns.js';
import { type CatalogFile, keyOf, OFFER_TYPES, PRODUCT_TYPES, ROLES, same } from './catalog-file.js';

/** A `;`-separated list of product ids (REQUIRES): each a positive integer, checked as a product by the import. */
const productIds = () =>
  list().transform((items, ctx) => {
    const bad = items.filter((item) => !/^[1-9]\d{0,9}$/.test(item) || Number(item) > 2147483647);
    if (bad.length === 0) return items.map(Number);
    ctx.addIssue({
      code: 'custom',
      message: `expected product ids, got ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    });
    return z.NEVER;
  });

/** The commerce files: coupons, book codes and marketing offers. */
export const COMMERCE_FILES: CatalogFile[] = [
  {
    file: 'coupons.csv',
    table: 'catalog_coupons',
    schema: z.object({
      CODE: text(100),
      PERCENT: num(0, 0),
      AMOUNT: optCents(),
      DOLLARSOVER: optCents(),
      TYPES: list(PRODUCT_TYPES),
      EXPIRES: optDate(),
      AUTO: bool(),
      ROLE: optOneOf(ROLES),
      DESCRIPTION: optText(1000),
      REQUIRES: productIds(),
    }),
    columns: {
      code_key: 'text',
      code: 'text',
      percent: 'numeric',
      amount: 'int',
      dollarsover: 'int',
      types: 'text[]',
      expires: 'date',
      auto: 'boolean',
      role: 'text',
      description: 'text',
      requires: 'int[]',
    },
    key: ['code_key'],
    identity: (r) => ({ key: (r.CODE as string).toLowerCase(), label: `CODE ${String(r.CODE)}` }),
    references: [{ column: 'REQUIRES', target: 'products' }],
    check: (r) => [
      ...((r.PERCENT as number) > 100 ? ['PERCENT: expected 0 to 100'] : []),
      // The shop applies an AUTO coupon itself when the cart holds the products it names: without them it never would.
      ...(r.AUTO === true && (r.REQUIRES as number[]).length === 0
        ? ['REQUIRES: an AUTO coupon names the products it needs']
        : []),
    ],
    toRecord: (r) => ({
      code_key: (r.CODE as string).toLowerCase(),
      code: r.CODE,
      percent: r.PERCENT,
      amount: r.AMOUNT,
      dollarsover: r.DOLLARSOVER ?? 0,
      types: r.TYPES,
      expires: r.EXPIRES,
      auto: r.AUTO,
      role: r.ROLE,
      description: r.DESCRIPTION,
      requires: r.REQUIRES,
    }),
  },
  {
    file: 'book-codes.csv',
    table: 'catalog_book_codes',
    schema: z.object({ CODE: matching(/^BOOK-[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'a code BOOK-XXXX-XXXX'), PRODUCTID: int(1) }),
    columns: { code: 'text', product_id: 'int' },
    key: ['code'],
    identity: (r) => keyOf(r, ['CODE']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: same(['code', 'CODE'], ['product_id', 'PRODUCTID']),
  },
  {
    file: 'offers.csv',
    table: 'catalog_offers',
    schema: z.object({
      OFFER: oneOf(OFFER_TYPES),
      UID: text(200),
      PRODUCTID: int(1),
      UNITPRICE: cents(),
      QTY: int(1, 999),
      EXPIRES: optDate(),
    }),
    columns: { offer: 'text', uid: 'text', product_id: 'int', unitprice: 'int', qty: 'int', expires: 'date' },
    key: ['offer', 'uid'],
    identity: (r) => keyOf(r, ['OFFER', 'UID']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: same(
      ['offer', 'OFFER'],
      ['uid', 'UID'],
      ['product_id', 'PRODUCTID'],
      ['unitprice', 'UNITPRICE'],
      ['qty', 'QTY'],
      ['expires', 'EXPIRES'],
    ),
  },
];
