import type { z } from 'zod';
import type { ProductType, MeetingTab } from '#libs/contracts/catalog.js';
import type { Role } from '#libs/contracts/identity.js';

/**
 * What describes one import file of docs/catalog-import.md: its columns (zod row schema), the table it
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
export const OFFER_TYPES = ['elearning', 'cme', 'streaming_all', 'qmpcomplete', 'event'] as const;
/**
 * What a category can stand for in the shop's rules (categories.csv KIND): `elearning` (the eLearning
 * shelves: the elearning subscription opens them, streaming_all does not), `safety` (patient safety: a
 * product's credits also count as safety credits).
 */
export const CATEGORY_KINDS = ['elearning', 'safety'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const MEETING_TABS: readonly MeetingTab[] = ['details', 'choose', 'virtual', 'faculty', 'program'];
export const ROLES: readonly Role[] = [
  'qmpcomplete',
  'streaming_all',
  'elearning',
  'cme',
  'cmePrint',
  'streaming',
  'iflap',
];

/** The id sets other files refer to. */
export type Target = 'products' | 'categories' | 'faculty' | 'meetings';

export type Row = Record<string, unknown>;

export interface Reference {
  /** The column holding the id, or a list of ids (null cells are not checked). */
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

export const same =
  (...pairs: [string, string][]) =>
  (row: Row): Record<string, unknown> =>
    Object.fromEntries(pairs.map(([column, field]) => [column, row[field]]));

export const keyOf = (row: Row, fields: string[]) => ({
  key: fields.map((f) => String(row[f])).join('\u0000'),
  label: fields.map((f) => `${f} ${String(row[f])}`).join(', '),
});
