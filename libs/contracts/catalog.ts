/**
 * Wire shapes of the catalog and reference data (storefront sections 3, 7, 9; signed-in "Faculty
 * pages", section 3 lookup lists). Field names are the spec's. Money is integer cents everywhere
 * (PRICE 175000 is $1,750.00); the web app formats it. Types only: nothing here runs.
 *
 * Endpoints (all under /api, all public):
 *   GET /api/products?category=0&search=&sort=PUBDATE_DESC&page=1&size=48  -> ProductPage
 *   GET /api/products/:id                                                  -> { data: ProductDetail } (404 unknown)
 *   GET /api/categories                                                    -> { data: Category[] }
 *   GET /api/faculty                                                       -> { data: FacultySummary[] }
 *   GET /api/faculty/:userId                                               -> { data: Faculty[] } (404 unknown; the spec reads the first)
 *   GET /api/meetings                                                      -> { data: MeetingSummary[] }
 *   GET /api/meetings/:id                                                  -> { data: Meeting }   (404 unknown)
 *   GET /api/short-paths                                                   -> { data: ShortPath[] }
 *   GET /api/reference                                                     -> ReferenceData
 *   GET /api/shipping-rates                                                -> { data: ShippingRate[] }
 */

import { CME_YEARLY_CAP } from './cme.js';

/** Item types of storefront section 3. */
export type ProductType =
  'elearning' | 'event' | 'pulse' | 'qmpcomplete' | 'STREAMING_ALL' | 'cme' | 'iflap' | 'BOOK' | 'STREAMING' | 'BOTH';

/** Types priced per year and shown with "/ year" (signed-in section 9). */
export const YEARLY_TYPES: readonly ProductType[] = ['elearning', 'pulse', 'STREAMING_ALL', 'qmpcomplete'];

/** The iFlap item of the promotional test page (storefront section 9). */
export const IFLAP_PRODUCT_ID = 399;
export const ELEARNING_CATEGORY_ID = 10;
export const BOOKS_CATEGORY_ID = 14;
export const ALL_VIDEOS_CATEGORY_ID = 0;

export const PRODUCT_PAGE_SIZES = [24, 48, 96] as const;
export const DEFAULT_PRODUCT_PAGE_SIZE = 48;
export const PRODUCT_SORTS = [
  'PUBDATE_DESC',
  'PUBDATE_ASC',
  'NAME_ASC',
  'NAME_DESC',
  'SALE_PRICE_ASC',
  'SALE_PRICE_DESC',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'PUBDATE_DESC';

export interface ProductPrice {
  /** BOOK, STREAMING, BOTH (or another book format). */
  TYPE: string;
  PRICE: number | null;
  SALE_PRICE: number | null;
}

export interface ProductFaculty {
  USERID: number;
  FULLNAME: string;
  LOCATION: string;
}

/** Yearly price for a subscription term (storefront section 9: 1, 2 or 3 years). */
export interface SubscriptionTerm {
  YEARS: 1 | 2 | 3;
  /** Price per year for this term, in cents. */
  PRICE: number;
}

export interface Product {
  ID: number;
  NAME: string;
  /** Lower-case name with spaces turned into hyphens: the NAME part of product/{NAME}/{ID}. */
  SLUG: string;
  /** HTML, sanitised on import. */
  DESCR: string;
  SHORT_DESCR: string;
  TYPE: ProductType;
  PRICE: number;
  SALE_PRICE: number | null;
  /** YYYY-MM-DD */
  PUBDATE: string;
  /** 0 physical, 1 streaming. */
  STREAMING: 0 | 1;
  /** Pounds. */
  SHIP_WEIGHT: number;
  DEMOURL: string | null;
  CATEGORIES: number[];
  productfaculty: ProductFaculty[];
  productprices: ProductPrice[];
  /**
   * The price the shop shows and charges (storefront section 3): with price entries, a first entry of
   * TYPE BOOK makes a book at that price; otherwise STREAMING, priced from the second entry, or the
   * third when the second has none. Without entries: the product's own PRICE and SALE_PRICE.
   */
  PRICING: { TYPE: string; PRICE: number; SALE_PRICE: number | null };
  /** Subscription terms with their yearly prices; empty for other products. */
  TERMS: SubscriptionTerm[];
  /** CME credits the product carries (the CME package: the yearly cap, 20). */
  CREDITS: number;
  /** Set for CME-restricted items: the subscriptions one of which must be new or current. */
  CME_RESTRICTED: boolean;
}

/** One video of a series or a book's companion videos: the product page's table of contents. */
export interface ProductTitle {
  TITLEID: number;
  POSITION: number;
  TITLE: string;
  /** Running time in whole seconds; null when the catalog does not say. */
  DURATION: number | null;
}

/** A faculty member of a product with the photo path under the web root (assets/img/faculty/{USERID}.jpeg). */
export interface ProductFacultyMember extends ProductFaculty {
  PHOTO: string;
}

/** Subscription types whose product page says what the subscription includes. */
export const SUBSCRIPTION_TYPES: readonly ProductType[] = ['qmpcomplete', 'STREAMING_ALL', 'elearning', 'pulse', 'cme'];

/**
 * The product page's read (GET /api/products/:id): the product with what sells it. Additions only, so a
 * ProductDetail is a Product everywhere one is expected.
 */
export interface ProductDetail extends Product {
  /** The videos in POSITION order (empty for products without videos). */
  TITLES: ProductTitle[];
  /** productfaculty with photos. */
  FACULTY: ProductFacultyMember[];
  /** Up to 4 other products sharing the most categories with this one (the generic 0 counts only alone), newest first. */
  RELATED: ProductListItem[];
  /** For a subscription (SUBSCRIPTION_TYPES): how much of the library it opens; null otherwise. */
  LIBRARY: { VIDEO_SERIES: number; ELEARNING_COURSES: number } | null;
}

/** A product in a list: everything but the long description. */
export type ProductListItem = Omit<Product, 'DESCR'>;

/**
 * The two packages the shop treats apart (storefront sections 4 and 9), known by what the catalog says
 * of the product, never by an id: the Complete package is the product of TYPE qmpcomplete; the CME
 * package is the product of TYPE cme that carries the year's whole allowance of credits
 * (CME_YEARLY_CAP), where a CME module carries a few.
 */
export const isCompletePackage = (product: { TYPE: string }): boolean => product.TYPE.toLowerCase() === 'qmpcomplete';
export const isCmePackage = (product: { TYPE: string; CREDITS: number }): boolean =>
  product.TYPE.toLowerCase() === 'cme' && product.CREDITS >= CME_YEARLY_CAP;

export interface ProductPage {
  data: ProductListItem[];
  total: number;
  page: number;
  size: number;
}

export interface Category {
  ID: number;
  NAME: string;
  PARENT: number | null;
  /** Shown in the product list's side menu. */
  MENU: boolean;
}

export interface FacultySummary {
  USERID: number;
  FULLNAME: string;
  /** HTML. */
  BIO: string;
  LOCATION: string;
  /** Path of the photo under the web root, e.g. assets/img/faculty/12.jpeg */
  PHOTO: string;
  PRODUCTCOUNT: number;
}

export interface Faculty extends FacultySummary {
  PRODUCTSINFO: { ID: number; NAME: string; PRODCATID: number }[];
}

export interface MeetingSummary {
  ID: number;
  NAME: string;
  /** The label in the Meetings menu ("2025" for 509, ...); null means NAME. */
  MENU_LABEL: string | null;
  /** 547 is hidden in the menu. */
  HIDDEN_IN_MENU: boolean;
  START_DATE: string;
  END_DATE: string;
  CITY: string;
}

export interface Meeting extends MeetingSummary {
  /** HTML of the details tab. */
  DETAILS: string;
  VENUE: { NAME: string; ADDRESS: string } | null;
  HOTEL: { NAME: string; ADDRESS: string; PHONE: string; NOTE: string } | null;
  /** The choose tab: what can be bought for this meeting (product ids with prices in cents). */
  OPTIONS: { PRODUCTID: number; NAME: string; TYPE: ProductType; PRICE: number }[];
  /** HTML of the virtual tab. */
  VIRTUAL: string;
  FACULTY: FacultySummary[];
  PROGRAM: { DAY: string; TIME: string; TITLE: string; SPEAKERS: string }[];
}

export type MeetingTab = 'details' | 'choose' | 'virtual' | 'faculty' | 'program';

/** A marketing short path (storefront section 2): PATH goes to the meeting's tab, or to a product page. */
export interface ShortPath {
  PATH: string;
  MEETING_ID: number | null;
  TAB: MeetingTab | null;
  PRODUCT_ID: number | null;
}

export interface Country {
  code: string;
  name: string;
}

export interface State {
  key: string;
  value: string;
}

export interface ReferenceData {
  specialties: string[];
  statuses: string[];
  suffixes: string[];
  profileSubscriptionTypes: string[];
  /** NOTUS "Not United States" first, then the US states, DC and territories. */
  states: State[];
  countries: Country[];
  /** Common group of the registration and profile forms: USA, GBR. */
  commonCountries: string[];
  /** Common group of checkout: USA, AUS, BRA, CAN, DEU, NLD, GBR. */
  checkoutCommonCountries: string[];
}

/** Per-country shipping rates in cents (storefront section 9). */
export interface ShippingRate {
  COUNTRY: string;
  zone: 1 | 2 | 3 | 4 | 5;
  onetofour: number;
  fivetoten: number;
  eleventotwenty: number;
  twentyplus: number;
  expeditedfee: number;
}
