import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import pg from 'pg';
import { referenceData, shippingRates } from '#libs/catalog/reference.queries.js';
import type { ReferenceData, ShippingRate } from '#libs/contracts/catalog.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ReferenceDataDto, ShippingRatesBodyDto } from './catalog.dto.js';
import { CATALOG_CACHE } from './products.controller.js';

/** Lookup lists of the forms and the shipping table (storefront sections 3 and 9, signed-in section 3). */
@ApiTags('catalog')
@Controller()
export class ReferenceController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get('reference')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'Specialties, statuses, suffixes, subscription types, states, countries' })
  @ApiOkResponse({ type: ReferenceDataDto })
  reference(): Promise<ReferenceData> {
    return referenceData(this.pool);
  }

  @Get('shipping-rates')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: "Per country: its zone's rates in cents" })
  @ApiOkResponse({ type: ShippingRatesBodyDto })
  async shippingRates(): Promise<{ data: ShippingRate[] }> {
    return { data: await shippingRates(this.pool) };
  }
}
