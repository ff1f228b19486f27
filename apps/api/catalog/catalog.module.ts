import { Module } from '@nestjs/common';
import { FacultyController } from './faculty.controller.js';
import { MeetingsController } from './meetings.controller.js';
import { ProductsController } from './products.controller.js';
import { ReferenceController } from './reference.controller.js';

/**
 * The public catalog API: products, categories, faculty, meetings, short paths, reference data and
 * shipping rates, read from the catalog tables (libs/catalog). The tables are created with
 * `ensureCatalogSchema` and filled with `importCatalog` (both re-exported here for start-up).
 */
@Module({
  controllers: [ProductsController, FacultyController, MeetingsController, ReferenceController],
})
export class CatalogModule {}

export { catalogIsEmpty, ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
