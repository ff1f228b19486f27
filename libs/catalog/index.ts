/** The catalog library: schema, import and the queries the API serves (docs/catalog-import.md). */
export { catalogIsEmpty, createCatalogSchema, ensureCatalogSchema, type CatalogSchemaInfo } from './schema.js';
export {
  formatImportError,
  importCatalog,
  type ImportError,
  type ImportFileReport,
  type ImportOptions,
  type ImportReport,
} from './import.js';
export { CatalogCache } from './catalog-cache.js';
