import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { CatalogFacts } from './catalog-facts.js';
import { FacultyController } from './faculty.controller.js';
import { MeetingsController } from './meetings.controller.js';
import { ProductsController } from './products.controller.js';
import { ReferenceController } from './reference.controller.js';

/**
 * The public catalog API: products, categories, faculty, meetings, short paths, reference data and
 * shipping rates, read from the catalog tables (libs/catalog); CatalogFacts, the facts other modules'
 * rules read (category kinds, Terms of Use). The tables are created with
 * `ensureCatalogSchema` and filled with `importCatalog` (both re-exported here for start-up).
 */
@Module({
  controllers: [ProductsController, FacultyController, MeetingsController, ReferenceController],
  providers: [
    { provide: CatalogCache, useFactory: (pool: pg.Pool) => CatalogCache.forPool(pool), inject: [PG_POOL] },
    CatalogFacts,
  ],
  exports: [CatalogCache, CatalogFacts],
})
export class CatalogModule implements OnModuleDestroy {
  constructor(@Inject(CatalogCache) private readonly cache: CatalogCache) {}

  onModuleDestroy(): Promise<void> {
    return this.cache.close();
  }
}

export { catalogIsEmpty, ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
