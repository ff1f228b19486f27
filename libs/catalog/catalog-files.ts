import { z } from 'zod';
import type { ProductType, MeetingTab } from '#libs/contracts/catalog.js';
import type { Role } from '#libs/contracts/identity.js';
import { productSlug } from '#libs/domain/catalog/pricing.js';
import {
  bool,
  cents,
  date,
  html,
  int,
  list,
  matching,
  nullText,
  num,
  oneOf,
  optCents,
  optDate,
  optInt,
  optOneOf,
  optText,
  text,
} from './columns.js';
import { htmlToText, sanitizeCatalogHtml } from './sanitize.js';

/**
 * The import files of docs/catalog-import.md: for each, its columns (zod row schema), the table it
 * loads, its key, the references it makes to other files, and how a row becomes a table record.
 */

export const PRODUCT_TYPES: readonly ProductType[] = [
  'elearning',
  'event',
  'pulse',
  'qmpcomplete',
  'STREAMING_ALL',
  'cme',
  'iflap',
  'BOOK',
  'STREAMING',
  'BOTH',
];
const OFFER_TYPES = ['elearning', 'cme', 'streaming_all', 'qmpcomplete', 'event'] as const;
const MEETING_TABS: readonly MeetingTab[] = ['details', 'choose', 'virtual', 'faculty', 'program'];
const ROLES: readonly Role[] = ['qmpcomplete', 'streaming_all', 'elearning', 'cme', 'cmePrint', 'streaming', 'iflap'];

/** The id sets other files refer to. */
export type Target = 'products' | 'categories' | 'faculty' | 'meetings';

export type Row = Record<string, unknown>;

export interface Reference {
  /** The column holding the id (null cells are not checked). */
  column: string;
  target: Target;
  /** The referenced product must be of TYPE event (meetings.csv: ID). */
  eventProduct?: boolean;
}

export interface CatalogFile {
  file: string;
  table: string;
  schema: z.ZodObject;
  /** Table columns and their SQL types, in the order of `toRecord`'s keys. */
  columns: Record<string, string>;
  /** Table columns of the primary key (the upsert's conflict target). */
  key: string[];
  /** Link tables: the owner column. The owners present in a file get exactly the file's links. */
  owner?: string;
  /** The file's row identity for duplicate detection, described for the message. */
  identity(row: Row): { key: string; label: string };
  references?: Reference[];
  /** Cross-column checks of one row: the reasons it is bad. */
  check?(row: Row): string[];
  /** The id this file provides to others (products.csv: ID). */
  provides?: { target: Target; column: string };
  toRecord(row: Row): Record<string, unknown>;
}

const same =
  (...pairs: [string, string][]) =>
  (row: Row): Record<string, unknown> =>
    Object.fromEntries(pairs.map(([column, field]) => [column, row[field]]));

const keyOf = (row: Row, fields: string[]) => ({
  key: fields.map((f) => String(row[f])).join('\u0000'),
  label: fields.map((f) => `${f} ${String(row[f])}`).join(', '),
});

export const CATALOG_FILES: CatalogFile[] = [
  {
    file: 'categories.csv',
    table: 'catalog_categories',
    schema: z.object({ ID: int(0), NAME: text(200), PARENT: optInt(0), MENU: bool() }),
    columns: { id: 'int', name: 'text', parent: 'int', menu: 'boolean' },
    key: ['id'],
    identity: (r) => keyOf(r, ['ID']),
    references: [{ column: 'PARENT', target: 'categories' }],
    check: (r) => (r.PARENT !== null && r.PARENT === r.ID ? ['PARENT: a category cannot be its own parent'] : []),
    provides: { target: 'categories', column: 'ID' },
    toRecord: same(['id', 'ID'], ['name', 'NAME'], ['parent', 'PARENT'], ['menu', 'MENU']),
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
    schema: z.object({ PRODUCTID: int(1), TITLEID: int(1), POSITION: int(0), TITLE: text(500), URL: text(2000) }),
    columns: { title_id: 'int', product_id: 'int', position: 'int', title: 'text', url: 'text' },
    key: ['title_id'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['TITLEID']),
    references: [{ column: 'PRODUCTID', target: 'products' }],
    toRecord: same(
      ['title_id', 'TITLEID'],
      ['product_id', 'PRODUCTID'],
      ['position', 'POSITION'],
      ['title', 'TITLE'],
      ['url', 'URL'],
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
        ? ['FILES: file names only (no folders), under assets/books/{PRODUCTID}/']
        : [],
    toRecord: same(['product_id', 'PRODUCTID'], ['position', 'POSITION'], ['title', 'TITLE'], ['files', 'FILES']),
  },
  {
    file: 'faculty.csv',
    table: 'catalog_faculty',
    schema: z.object({ USERID: int(1), FULLNAME: text(200), LOCATION: optText(300), ACTIVE: bool(), BIO: html() }),
    columns: { user_id: 'int', fullname: 'text', location: 'text', active: 'boolean', bio: 'text' },
    key: ['user_id'],
    identity: (r) => keyOf(r, ['USERID']),
    provides: { target: 'faculty', column: 'USERID' },
    toRecord: (r) => ({
      user_id: r.USERID,
      fullname: r.FULLNAME,
      location: r.LOCATION,
      active: r.ACTIVE,
      bio: sanitizeCatalogHtml(r.BIO as string),
    }),
  },
  {
    file: 'product-faculty.csv',
    table: 'catalog_product_faculty',
    schema: z.object({ PRODUCTID: int(1), USERID: int(1) }),
    columns: { product_id: 'int', user_id: 'int' },
    key: ['product_id', 'user_id'],
    owner: 'product_id',
    identity: (r) => keyOf(r, ['PRODUCTID', 'USERID']),
    references: [
      { column: 'PRODUCTID', target: 'products' },
      { column: 'USERID', target: 'faculty' },
    ],
    toRecord: same(['product_id', 'PRODUCTID'], ['user_id', 'USERID']),
  },
  {
    file: 'meetings.csv',
    table: 'catalog_meetings',
    schema: z.object({
      ID: int(1),
      NAME: text(300),
      MENU_LABEL: nullText(200),
      HIDDEN_IN_MENU: bool(),
      START_DATE: date(),
      END_DATE: date(),
      CITY: optText(200),
      VENUE_NAME: optText(300),
      VENUE_ADDRESS: optText(500),
      HOTEL_NAME: optText(300),
      HOTEL_ADDRESS: optText(500),
      HOTEL_PHONE: optText(50),
      HOTEL_NOTE: optText(2000),
      DETAILS: html(),
      VIRTUAL: html(),
    }),
    columns: {
      id: 'int',
      name: 'text',
      menu_label: 'text',
      hidden_in_menu: 'boolean',
      start_date: 'date',
      end_date: 'date',
      city: 'text',
      venue_name: 'text',
      venue_address: 'text',
      hotel_name: 'text',
      hotel_address: 'text',
      hotel_phone: 'text',
      hotel_note: 'text',
      details: 'text',
      virtual: 'text',
    },
    key: ['id'],
    identity: (r) => keyOf(r, ['ID']),
    references: [{ column: 'ID', target: 'products', eventProduct: true }],
    check: (r) => ((r.END_DATE as string) < (r.START_DATE as string) ? ['END_DATE: before START_DATE'] : []),
    provides: { target: 'meetings', column: 'ID' },
    toRecord: (r) => ({
      ...same(
        ['id', 'ID'],
        ['name', 'NAME'],
        ['menu_label', 'MENU_LABEL'],
        ['hidden_in_menu', 'HIDDEN_IN_MENU'],
        ['start_date', 'START_DATE'],
        ['end_date', 'END_DATE'],
        ['city', 'CITY'],
        ['venue_name', 'VENUE_NAME'],
        ['venue_address', 'VENUE_ADDRESS'],
        ['hotel_name', 'HOTEL_NAME'],
        ['hotel_address', 'HOTEL_ADDRESS'],
        ['hotel_phone', 'HOTEL_PHONE'],
        ['hotel_note', 'HOTEL_NOTE'],
      )(r),
      details: sanitizeCatalogHtml(r.DETAILS as string),
      virtual: sanitizeCatalogHtml(r.VIRTUAL as string),
    }),
  },
  {
    file: 'meeting-options.csv',
    table: 'catalog_meeting_options',
    schema: z.object({ MEETINGID: int(1), PRODUCTID: int(1) }),
    columns: { meeting_id: 'int', product_id: 'int' },
    key: ['meeting_id', 'product_id'],
    owner: 'meeting_id',
    identity: (r) => keyOf(r, ['MEETINGID', 'PRODUCTID']),
    references: [
      { column: 'MEETINGID', target: 'meetings' },
      { column: 'PRODUCTID', target: 'products' },
    ],
    toRecord: same(['meeting_id', 'MEETINGID'], ['product_id', 'PRODUCTID']),
  },
  {
    file: 'meeting-faculty.csv',
    table: 'catalog_meeting_faculty',
    schema: z.object({ MEETINGID: int(1), USERID: int(1) }),
    columns: { meeting_id: 'int', user_id: 'int' },
    key: ['meeting_id', 'user_id'],
    owner: 'meeting_id',
    identity: (r) => keyOf(r, ['MEETINGID', 'USERID']),
    references: [
      { column: 'MEETINGID', target: 'meetings' },
      { column: 'USERID', target: 'faculty' },
    ],
    toRecord: same(['meeting_id', 'MEETINGID'], ['user_id', 'USERID']),
  },
  {
    file: 'meeting-program.csv',
    table: 'catalog_meeting_program',
    schema: z.object({
      MEETINGID: int(1),
      POSITION: int(0),
      DAY: optText(100),
      TIME: optText(100),
      TITLE: text(500),
      SPEAKERS: optText(1000),
    }),
    columns: { meeting_id: 'int', position: 'int', day: 'text', time: 'text', title: 'text', speakers: 'text' },
    key: ['meeting_id', 'position'],
    owner: 'meeting_id',
    identity: (r) => keyOf(r, ['MEETINGID', 'POSITION']),
    references: [{ column: 'MEETINGID', target: 'meetings' }],
    toRecord: same(
      ['meeting_id', 'MEETINGID'],
      ['position', 'POSITION'],
      ['day', 'DAY'],
      ['time', 'TIME'],
      ['title', 'TITLE'],
      ['speakers', 'SPEAKERS'],
    ),
  },
  {
    file: 'short-paths.csv',
    table: 'catalog_short_paths',
    schema: z.object({
      PATH: matching(/^[a-z0-9][a-z0-9._~/-]*$/, 'a lower-case path without a leading slash'),
      MEETING_ID: optInt(1),
      TAB: optOneOf(MEETING_TABS),
      PRODUCT_ID: optInt(1),
    }),
    columns: { path: 'text', meeting_id: 'int', tab: 'text', product_id: 'int' },
    key: ['path'],
    identity: (r) => keyOf(r, ['PATH']),
    references: [
      { column: 'MEETING_ID', target: 'meetings' },
      { column: 'PRODUCT_ID', target: 'products' },
    ],
    check: (r) => {
      if ((r.MEETING_ID === null) === (r.PRODUCT_ID === null)) return ['exactly one of MEETING_ID and PRODUCT_ID'];
      if (r.PRODUCT_ID !== null && r.TAB !== null) return ['TAB: only with MEETING_ID'];
      return [];
    },
    toRecord: same(['path', 'PATH'], ['meeting_id', 'MEETING_ID'], ['tab', 'TAB'], ['product_id', 'PRODUCT_ID']),
  },
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
    },
    key: ['code_key'],
    identity: (r) => ({ key: (r.CODE as string).toLowerCase(), label: `CODE ${String(r.CODE)}` }),
    check: (r) => ((r.PERCENT as number) > 100 ? ['PERCENT: expected 0 to 100'] : []),
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
  {
    file: 'countries.csv',
    table: 'catalog_countries',
    schema: z.object({
      CODE: matching(/^[A-Z]{3}$/, 'a 3-letter upper-case code'),
      NAME: text(200),
      ZONE: int(1, 5, 'a shipping zone 1 to 5'),
    }),
    columns: { code: 'text', name: 'text', zone: 'int' },
    key: ['code'],
    identity: (r) => keyOf(r, ['CODE']),
    toRecord: same(['code', 'CODE'], ['name', 'NAME'], ['zone', 'ZONE']),
  },
  {
    file: 'states.csv',
    table: 'catalog_states',
    schema: z.object({ KEY: matching(/^([A-Z]{2}|NOTUS)$/, '2 upper-case letters or NOTUS'), VALUE: text(200) }),
    columns: { key: 'text', value: 'text' },
    key: ['key'],
    identity: (r) => keyOf(r, ['KEY']),
    toRecord: same(['key', 'KEY'], ['value', 'VALUE']),
  },
  {
    file: 'shipping-zones.csv',
    table: 'catalog_shipping_zones',
    schema: z.object({
      ZONE: int(1, 5, 'a shipping zone 1 to 5'),
      ONETOFOUR: cents(),
      FIVETOTEN: cents(),
      ELEVENTOTWENTY: cents(),
      TWENTYPLUS: cents(),
      EXPEDITEDFEE: cents(),
    }),
    columns: {
      zone: 'int',
      onetofour: 'int',
      fivetoten: 'int',
      eleventotwenty: 'int',
      twentyplus: 'int',
      expeditedfee: 'int',
    },
    key: ['zone'],
    identity: (r) => keyOf(r, ['ZONE']),
    toRecord: same(
      ['zone', 'ZONE'],
      ['onetofour', 'ONETOFOUR'],
      ['fivetoten', 'FIVETOTEN'],
      ['eleventotwenty', 'ELEVENTOTWENTY'],
      ['twentyplus', 'TWENTYPLUS'],
      ['expeditedfee', 'EXPEDITEDFEE'],
    ),
  },
];

export const CATALOG_FILE_NAMES = CATALOG_FILES.map((f) => f.file);

/** Files whose changes move a product's derived columns (list JSON, search text, effective price). */
export const PRODUCT_SOURCES = new Set([
  'products.csv',
  'product-prices.csv',
  'product-terms.csv',
  'product-categories.csv',
  'faculty.csv',
  'product-faculty.csv',
]);
