import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { listProductTitles } from '#libs/catalog/product-detail.queries.js';
import { lastLongViewAt } from '#libs/read-models/viewing-progress.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** What the retake policy (libs/domain/cme/cme.retake.ts) reads outside the CME stream. */
export interface RetakeEvidence {
  /** The customer's latest long view of one of the product's videos (ISO 8601), or null. */
  lastLongViewAt: string | null;
  /** The product has videos, so a long view reopens its test. */
  retakeByViewing: boolean;
}

/**
 * The viewing evidence of the retake policy, from the viewing read model (the one the audit's
 * ViewingEvidence lists too): the submit handler passes it in the command, the test's GET shows the
 * opening it gives. A module has no videos: only the cooldown opens it.
 */
@Injectable()
export class CmeRetakes {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async evidence(customerId: string, productId: number): Promise<RetakeEvidence> {
    const [titles, viewed] = await Promise.all([
      listProductTitles(this.pool, productId),
      lastLongViewAt(this.pool, customerId, productId),
    ]);
    return { lastLongViewAt: viewed?.toISOString() ?? null, retakeByViewing: titles.length > 0 };
  }
}
