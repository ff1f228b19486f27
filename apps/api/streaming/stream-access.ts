import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import { NOT_AUTHORIZED } from '#libs/contracts/streaming.js';
import { type Access, accessTo } from '#libs/domain/streaming/access.js';
import type { StreamCatalogProduct } from '#libs/read-models/stream-products.js';
import { isSessionActive } from '#libs/read-models/sessions.js';
import { hasAcceptedTerms } from '#libs/read-models/streaming-choices.js';
import { RolesService } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { CatalogFacts } from '../catalog/index.js';
import { StreamCatalog } from './stream-catalog.js';

/**
 * Media authorisation (issue 10): what a customer may watch, from the entitlements read model (through
 * RolesService's short cache, which a grant of this process empties at once) and the access rule of
 * libs/domain/streaming/access.ts, with the catalog's eLearning categories.
 */
@Injectable()
export class StreamAccess {
  constructor(
    private readonly roles: RolesService,
    private readonly catalog: StreamCatalog,
    private readonly facts: CatalogFacts,
    private readonly clock: Clock,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * True while the product has Terms of Use the customer has not accepted: its terms cover all of its
   * media (videos, captions and companion documents), so none is served before.
   */
  async termsDue(customerId: string, productId: number): Promise<boolean> {
    const terms = await this.facts.termsOfUse(productId);
    return terms !== null && !(await hasAcceptedTerms(this.pool, customerId, productId));
  }

  /** Every streamable product with the customer's access to it. */
  async all(customerId: string): Promise<{ product: StreamCatalogProduct; access: Access }[]> {
    const [products, sources, eLearning] = await Promise.all([
      this.catalog.all(),
      this.roles.entitlements(customerId),
      this.facts.eLearningCategories(),
    ]);
    const now = this.clock.now();
    return products.map((product) => ({ product, access: accessTo(product, sources, now, eLearning) }));
  }

  /** The product and the customer's access, or 404 "You are not authorized to view this resource". */
  async require(customerId: string, productId: number): Promise<{ product: StreamCatalogProduct; access: Access }> {
    const product = await this.catalog.product(productId);
    if (!product) throw new NotFoundException(NOT_AUTHORIZED);
    const [sources, eLearning] = await Promise.all([
      this.roles.entitlements(customerId),
      this.facts.eLearningCategories(),
    ]);
    const access = accessTo(product, sources, this.clock.now(), eLearning);
    if (!access.allowed) throw new NotFoundException(NOT_AUTHORIZED);
    return { product, access };
  }

  /**
   * Whether a session may be served a product's media now (the media route and a playback's files ask
   * it): `opens` when the session is live and the customer has access to the product; `termsDue` while
   * its Terms of Use are not accepted (then nothing of it is served either).
   */
  async mediaOpen(
    customerId: string,
    sessionId: string,
    productId: number,
  ): Promise<{ opens: boolean; termsDue: boolean }> {
    const [live, product, sources, eLearning, termsDue] = await Promise.all([
      isSessionActive(this.pool, customerId, sessionId),
      this.catalog.product(productId),
      this.roles.entitlements(customerId),
      this.facts.eLearningCategories(),
      this.termsDue(customerId, productId),
    ]);
    const opens = live && product !== null && accessTo(product, sources, this.clock.now(), eLearning).allowed;
    return { opens, termsDue };
  }
}
