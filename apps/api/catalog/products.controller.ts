import { Controller, Get, Header, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import pg from 'pg';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { findProductDetail } from '#libs/catalog/product-detail.queries.js';
import { listCategories, listProductsJson } from '#libs/catalog/products.queries.js';
import {
  type Category,
  DEFAULT_PRODUCT_PAGE_SIZE,
  DEFAULT_PRODUCT_SORT,
  type ProductDetail,
} from '#libs/contracts/catalog.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { IdPipe, idMessage } from '../kernel/id.pipe.js';
import { CategoriesBodyDto, ProductBodyDto, ProductListQueryDto, ProductPageDto } from './catalog.dto.js';

export const CATALOG_CACHE = 'public, max-age=60';

/** Product list and detail (storefront sections 2, 3 and 9), and the categories of the side menu. */
@ApiTags('catalog')
@Controller()
export class ProductsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(CatalogCache) private readonly cache: CatalogCache,
  ) {}

  @Get('products')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'A page of products of a category, searched and sorted (products/{ID})' })
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: ProductPageDto })
  @ApiQuery({ name: 'category', required: false, schema: { type: 'integer', minimum: 0, maximum: 2147483647 } })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 } })
  @ApiError(400, 'A bad category, search, sort, page or size, or an unknown parameter, with every message')
  list(@Query() query: ProductListQueryDto): Promise<string> {
    // The ProductPage as JSON text (libs/contracts/catalog.ts ProductPage), built from stored JSON.
    const asked = {
      ...(query.category === undefined ? {} : { category: query.category }),
      ...(query.search === undefined ? {} : { search: query.search }),
      sort: query.sort ?? DEFAULT_PRODUCT_SORT,
      page: query.page ?? 1,
      size: query.size ?? DEFAULT_PRODUCT_PAGE_SIZE,
    };
    return this.cache.get(`products:${JSON.stringify(asked)}`, () => listProductsJson(this.pool, asked));
  }

  @Get('products/:id')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({
    summary: 'A product with its html description, PRICING, videos, faculty, related products (product/{NAME}/{ID})',
  })
  @ApiOkResponse({ type: ProductBodyDto })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 0, maximum: 999999999999999, example: 130 } })
  @ApiError(400, idMessage('id'))
  @ApiError(404, 'Product not found')
  async one(@Param('id', new IdPipe()) id: number): Promise<{ data: ProductDetail }> {
    const product = await findProductDetail(this.pool, id);
    if (!product) throw new NotFoundException('Product not found');
    return { data: product };
  }

  @Get('categories')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'The product categories (side menu: MENU)' })
  @ApiOkResponse({ type: CategoriesBodyDto })
  async categories(): Promise<{ data: Category[] }> {
    return { data: await listCategories(this.pool) };
  }
}
