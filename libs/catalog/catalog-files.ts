import { COMMERCE_FILES } from './files/commerce-files.js';
import type { CatalogFile } from './files/catalog-file.js';
import { MEETING_FILES } from './files/meeting-files.js';
import { PRODUCT_FILES } from './files/product-files.js';
import { REFERENCE_FILES } from './files/reference-files.js';

/**
 * The import files of docs/catalog-import.md, one module per kind under files/: for each, its columns
 * (zod row schema), the table it loads, its key, the references it makes to other files, and how a row
 * becomes a table record. The list's order is the order files are loaded and errors reported.
 */
export { PRODUCT_TYPES, type CatalogFile, type Reference, type Row, type Target } from './files/catalog-file.js';

export const CATALOG_FILES: CatalogFile[] = [...PRODUCT_FILES, ...MEETING_FILES, ...COMMERCE_FILES, ...REFERENCE_FILES];

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
