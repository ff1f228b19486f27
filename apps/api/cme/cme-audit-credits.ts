import type { Pool } from 'pg';
import { categoryIdsOfKind } from '#libs/catalog/facts.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { CmeRecordData, CmeTestUpdated } from '#libs/domain/cme/cme.events.js';
import { creditRuleOf, fromHalves, score, toHalves, validAnswers } from '#libs/domain/cme/cme.scoring.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ChainFinding } from './cme-audit-findings.js';
import { questionsOf } from './cme-questions.js';

/**
 * `--verify`'s second look at every credit event: its right answers and credits scored again from the
 * answers it recorded, the answer key (cme-questions.json), the product's credits and safety in the
 * catalog, and the credit rule of its `ruleVersion` (libs/domain/cme/cme.scoring.ts), against the year
 * as the events before it recorded it. An event whose figures disagree is named by its own id: a
 * credit edited in place is caught even when the chain was recomputed around it.
 */

/** What scoring a test needs from outside the log: the key, the product's credits, whether they are safety credits. */
export interface ActivityFacts {
  key: readonly number[];
  credits: number;
  safety: boolean;
}

export type ActivityFactsOf = (testType: string, productId: number) => Promise<ActivityFacts | null>;

/**
 * The facts as the test page resolves them (CmeTests): a product with CME credits and questions, of
 * TYPE cme for a `module` test and of another TYPE for a `streaming` one; null otherwise. One look-up
 * per product and run.
 */
export function catalogActivityFacts(db: Pick<Pool, 'query'>): ActivityFactsOf {
  let safety: Promise<number[]> | null = null;
  const known = new Map<string, Promise<ActivityFacts | null>>();
  const lookUp = async (testType: string, productId: number): Promise<ActivityFacts | null> => {
    const product = await findProduct(db, productId);
    const questions = questionsOf(productId);
    if (!product || !questions || !(product.CREDITS > 0) || (product.TYPE === 'cme') !== (testType === 'module')) {
      return null;
    }
    const safetyCategories = await (safety ??= categoryIdsOfKind(db, 'safety'));
    return {
      key: questions.key,
      credits: product.CREDITS,
      safety: product.CATEGORIES.some((id) => safetyCategories.includes(id)),
    };
  };
  return (testType, productId) => {
    const id = `${testType}:${productId}`;
    if (!known.has(id)) known.set(id, lookUp(testType, productId));
    return known.get(id)!;
  };
}

const FIGURES = ['correct', 'creditsEarned', 'creditsAwarded', 'creditsCut', 'safetyCredits'] as const;

/** Scores each credit event of one stream (sorted by revision) again; the findings name the events that disagree. */
export async function verifyCredits(
  stream: string,
  events: readonly RecordedEvent[],
  factsOf: ActivityFactsOf,
): Promise<ChainFinding[]> {
  const findings: ChainFinding[] = [];
  // The year as the events before this one recorded it: each event is judged on its own figures.
  const recorded = new Map<string, number>();
  let totalHalves = 0;
  for (const e of events) {
    if (e.type !== 'CmeTestSubmitted' && e.type !== 'CmeTestUpdated') continue;
    const at = (problem: string) => findings.push({ stream, revision: e.revision, eventId: e.id, problem });
    const d = e.data as CmeRecordData;
    const before = recorded.get(d.recordId);
    const previous = (e.data as CmeTestUpdated['data']).previousCredits;
    if (e.type === 'CmeTestUpdated' && before !== undefined && previous !== before) {
      at(`previousCredits ${previous} differs from the ${before} the record's last event awarded`);
    }
    const rule = creditRuleOf(d.ruleVersion);
    const facts = await factsOf(d.testType, d.productId);
    if (!rule) at(`credit rule version ${String(d.ruleVersion)} is unknown: its credits cannot be scored again`);
    else if (!facts) at(`${d.testType} test of product ${d.productId} has no answer key or credits to score it again`);
    else if (!validAnswers(d.answers)) at('answers are not four valid options: its credits cannot be scored again');
    else {
      const others = fromHalves(totalHalves - toHalves(before ?? 0));
      const s = score(d.answers, facts.key, facts.credits, others, rule);
      const again = { ...s, safetyCredits: facts.safety ? s.creditsAwarded : 0 };
      const wrong = FIGURES.filter((f) => again[f] !== d[f]);
      if (wrong.length > 0) {
        const said = wrong.map((f) => `${f} ${String(d[f])} (scored again: ${again[f]})`).join(', ');
        at(`credits disagree with rule ${rule.version} scored again from its answers: ${said}`);
      }
    }
    totalHalves += toHalves(Number(d.creditsAwarded) || 0) - toHalves(before ?? 0);
    recorded.set(d.recordId, Number(d.creditsAwarded) || 0);
  }
  return findings;
}
