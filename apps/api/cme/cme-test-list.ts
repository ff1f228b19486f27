import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { type CmeTestListItem, type CmeTestListResponse, type CmeTestType } from '#libs/contracts/cme.js';
import { retakeOpensAt } from '#libs/domain/cme/cme.retake.js';
import { cmeTestState, testCredits } from '#libs/domain/cme/cme.test-state.js';
import { accessTo } from '#libs/domain/streaming/access.js';
import { cmeRecordsOf } from '#libs/read-models/cme-totals.js';
import { cmeTestProducts } from '#libs/read-models/cme-test-products.js';
import { cmeModulesBoughtIn } from '#libs/read-models/order-history.js';
import { CatalogFacts } from '../catalog/index.js';
import { RolesService } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { productsWithTests } from './cme-questions.js';
import { CmeRetakes } from './cme-retake.js';

/** Modules first; within each kind the tests taken this year first (a phone shows them without "Show all"), then by name. */
const rank = (t: CmeTestListItem): number => (t.TYPE === 'module' ? 0 : 2) + (t.STATE === 'not_taken' ? 1 : 0);
const inListOrder = (a: CmeTestListItem, b: CmeTestListItem): number =>
  rank(a) - rank(b) || a.NAME.localeCompare(b.NAME) || a.PRODUCTID - b.PRODUCTID;

/**
 * The CME center's list of tests (GET /api/cme/tests): what the user can take this year and where each
 * stands. A module (product TYPE cme) counts when an order paid this year bought it (its CME runs to
 * Dec 31, as the grant does); a streaming product's test when the streaming access rule lets the user
 * watch it now; a test already taken this year always shows, with its credits.
 */
@Injectable()
export class CmeTestList {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly facts: CatalogFacts,
    private readonly roles: RolesService,
    private readonly retakes: CmeRetakes,
  ) {}

  async of(customerId: string, now: Date): Promise<CmeTestListResponse> {
    const year = now.getUTCFullYear();
    const [products, eLearning, entitlements, modulesBought, records, safety] = await Promise.all([
      cmeTestProducts(this.pool, productsWithTests()),
      this.facts.eLearningCategories(),
      this.roles.entitlements(customerId),
      cmeModulesBoughtIn(this.pool, customerId, year),
      cmeRecordsOf(this.pool, customerId, year),
      this.facts.safetyCategories(),
    ]);
    const recordOf = new Map(records.map((r) => [`${r.testType}:${r.productId}`, r]));
    const tests: CmeTestListItem[] = [];
    for (const product of products) {
      if (!(product.CREDITS > 0)) continue;
      const type: CmeTestType = product.TYPE.toLowerCase() === 'cme' ? 'module' : 'streaming';
      const record = recordOf.get(`${type}:${product.ID}`) ?? null;
      const open =
        type === 'module' ? modulesBought.has(product.ID) : accessTo(product, entitlements, now, eLearning).allowed;
      if (!record && !open) continue;
      const credits = testCredits(product.CREDITS);
      const state = cmeTestState(record, product.CREDITS);
      tests.push({
        TYPE: type,
        PRODUCTID: product.ID,
        NAME: product.NAME,
        CREDITS: credits,
        SAFETYCREDITS: product.CATEGORIES.some((id) => safety.includes(id)) ? credits : 0,
        STATE: state,
        TOTAL: record ? record.credits : null,
        created_at: record ? record.submittedAt.toISOString() : null,
        RETAKE_OPENS_AT:
          record && state === 'retake_available' ? await this.opensAt(customerId, product.ID, record, now) : null,
      });
    }
    return { YEAR: year, TESTS: tests.sort(inListOrder) };
  }

  /** When a taken test's retake opens (the retake policy, cme.retake.ts); null when it is open now. */
  private async opensAt(customerId: string, productId: number, record: { submittedAt: Date }, now: Date) {
    const { lastLongViewAt } = await this.retakes.evidence(customerId, productId);
    return retakeOpensAt({ lastSubmitAt: record.submittedAt.toISOString(), lastLongViewAt }, now.toISOString());
  }
}
