import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import type { CommandContext, DecideAndAppendResult } from '#libs/application/decide-and-append.js';
import { holdAdvisoryLock } from '#libs/database/held-lock.js';
import { checkOut, siblingPool } from '#libs/database/pools.js';
import { createCmeSealDecider } from '#libs/domain/cme-seal/cme-seal.decider.js';
import {
  CME_SEAL_JWS_TYPE,
  CME_SEALS_STREAM,
  type CmeLogSealedData,
  type CmeSealEvent,
  cmeSealPayload,
  type SealTrigger,
} from '#libs/domain/cme-seal/cme-seal.events.js';
import { sealPeriod } from '#libs/domain/cme-seal/cme-seal.period.js';
import { type Decider, type DomainEvent, fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { Signer } from '#libs/signing/signer.js';
import { sha256Hex } from './cme-log-heads.js';
import { markSealed, readSealHeads } from './cme-seal-heads.js';

/** The seals' decider with the real hash: the runner and the audit use this one. */
export const cmeSealDecider = createCmeSealDecider(sha256Hex);

/** What one run did. */
export type SealOutcome =
  | { status: 'sealed'; revision: number; seal: CmeLogSealedData }
  /** This period's scheduled seal is recorded already (by this node or another). */
  | { status: 'already'; period: string }
  /** No CME stream yet: nothing to seal. */
  | { status: 'empty' }
  /** Another run (this process or another node) is sealing right now. */
  | { status: 'busy' };

/** What the runner needs from the process it runs in (the API, the projector, `npm run cme:seal`). */
export interface SealPorts {
  pool: Pool;
  store: EventStore;
  signer: Signer;
  clock: Clock;
  /** SEAL_EVERY_HOURS: the schedule's period (a scheduled seal when it is 0 uses a day). */
  everyHours: number;
  /** Decides and appends in the given context (the API: EventSourcedService). */
  execute<C, S, E extends DomainEvent>(
    context: CommandContext,
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
  ): Promise<DecideAndAppendResult<S>>;
}

/** The advisory lock every sealer takes, in a name space of its own. */
const LOCK = `hashtextextended('cme-seal:' || $1, 0)`;

/**
 * Seals the CME log (docs/audit.md, Seals): under one advisory lock across every node, reads the seals
 * stream, then the log after the previous seal's position into the table of heads (cme-seal-heads.ts),
 * folds the Merkle root over every head from the table, signs {merkleRoot, sealedAt, streams (the
 * changed ones' count), prevHash, heads} with the shop's key and records CmeLogSealed on `cme-seals`
 * with the heads that changed since the seal before. A scheduled run seals
 * once per period (the decider records nothing for a period already sealed), whatever the number of nodes.
 */
export class CmeSealRunner {
  private readonly locks: Pool;
  private stopping = false;

  constructor(private readonly ports: SealPorts) {
    this.locks = siblingPool(ports.pool, 1);
  }

  /** Ends any wait for the lock at once (a process stopping); a seal in hand still finishes. */
  stopWaiting(): void {
    this.stopping = true;
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.locks.end();
  }

  /**
   * One seal. `waitMs`: how long to wait for another run (another node, `npm run cme:seal`) to end; then
   * this one finds its period sealed, or seals it (a seal on demand never takes the schedule's period).
   */
  async seal(trigger: SealTrigger, context: CommandContext, waitMs = 60_000): Promise<SealOutcome> {
    const deadline = Date.now() + waitMs;
    let held = await holdAdvisoryLock(this.locks, LOCK, 'log');
    while (!held && Date.now() < deadline && !this.stopping) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      held = await holdAdvisoryLock(this.locks, LOCK, 'log');
    }
    if (!held) return { status: 'busy' };
    try {
      return await this.sealHeld(trigger, context);
    } finally {
      await held.release();
    }
  }

  private async sealHeld(trigger: SealTrigger, context: CommandContext): Promise<SealOutcome> {
    const { store, signer, clock } = this.ports;
    const sealedAt = clock.now().toISOString();
    const period = trigger === 'schedule' ? sealPeriod(sealedAt, this.ports.everyHours || 24) : null;
    const state = fold(cmeSealDecider, (await store.readStream(CME_SEALS_STREAM)) as unknown as CmeSealEvent[]);
    if (period !== null && state.lastPeriod !== null && period <= state.lastPeriod)
      return { status: 'already', period };
    // No transaction stays open across the append: the table commits page by page, its changed heads
    // staying marked until a seal listing them is recorded (a seal not recorded: the next lists them).
    const connection = await checkOut(this.ports.pool);
    const { client } = connection;
    try {
      const heads = await readSealHeads(client, store);
      if (heads.merkleRoot === null) return { status: 'empty' };
      const fields = { merkleRoot: heads.merkleRoot, sealedAt, streams: heads.changed, heads: heads.heads };
      const { jws, kid } = await signer.sign(
        cmeSealPayload({ ...fields, prevHash: state.lastHash }),
        CME_SEAL_JWS_TYPE,
      );
      const result = await this.ports.execute(context, CME_SEALS_STREAM, cmeSealDecider, {
        type: 'SealCmeLog' as const,
        trigger,
        period,
        ...fields,
        prevHash: state.lastHash,
        jws,
        kid,
      });
      const recorded = result.events[0];
      if (!recorded) return { status: 'already', period: period ?? sealedAt };
      await markSealed(client, heads);
      return { status: 'sealed', revision: recorded.revision, seal: recorded.data as CmeLogSealedData };
    } finally {
      connection.release();
    }
  }
}
