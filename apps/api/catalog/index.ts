/** The public surface of the catalog module (what other modules of apps/api may import). */
export { CatalogModule } from './catalog.module.js';
export { ProductListItemDto } from './catalog.dto.js';
export { CatalogFacts, type CategoryFacts } from './catalog-facts.js';
