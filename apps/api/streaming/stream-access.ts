import { Injectable, NotFoundException } from '@nestjs/common';
import { NOT_AUTHORIZED } from '#libs/contracts/streaming.js';
import { type Access, accessTo } from '#libs/domain/streaming/access.js';
import type { StreamCatalogProduct } from '#libs/read-models/stream-products.js';
import { RolesService } from '../identity/index.js';
import { StreamCatalog } from './stream-catalog.js';
import { StreamingClock } from './streaming-clock.js';

/**
 * Media authorisation (issue 10): what a customer may watch, from the entitlements read model (through
 * RolesService's short cache, which a grant of this process empties at once) and the access rule of
 * libs/domain/streaming/access.ts.
 */
@Injectable()
export class StreamAccess {
  constructor(
    private readonly roles: RolesService,
    private readonly catalog: StreamCatalog,
    private readonly clock: StreamingClock,
  ) {}

  /** Every streamable product with the customer's access to it. */
  async all(customerId: string): Promise<{ product: StreamCatalogProduct; access: Access }[]> {
    const [products, sources] = await Promise.all([this.catalog.all(), this.roles.entitlements(customerId)]);
    const now = this.clock.now();
    return products.map((product) => ({ product, access: accessTo(product, sources, now) }));
  }

  /** The product and the customer's access, or 404 "You are not authorized to view this resource". */
  async require(customerId: string, productId: number): Promise<{ product: StreamCatalogProduct; access: Access }> {
    const product = await this.catalog.product(productId);
    if (!product) throw new NotFoundException(NOT_AUTHORIZED);
    const access = accessTo(product, await this.roles.entitlements(customerId), this.clock.now());
    if (!access.allowed) throw new NotFoundException(NOT_AUTHORIZED);
    return { product, access };
  }
}
