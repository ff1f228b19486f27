import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { isSubscriptionType } from '#libs/domain/pricing/renewal.js';
import { dueRenewals } from '#libs/domain/renewal/renewal.rules.js';
import { renewalCandidates, unfinishedRenewals } from '#libs/read-models/renewals.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { RequestContext, SYSTEM } from '../kernel/request-context.js';
import { type RenewalRunOutcome, RenewSubscriptionCommand } from './renewals.messages.js';

/** What one pass did: the outcome of each renewal it tried, by stream id. */
export type RenewalPass = Record<string, RenewalRunOutcome>;

/**
 * The schedule of automatic renewals: at start and every RENEWALS_EVERY_MINUTES (0: neither; tests call
 * `runOnce`) one pass renews what is due on the shop's clock (libs/domain/renewal/renewal.rules.ts) for customers
 * with auto-renew on and a card on file, and resumes renewals a run left unfinished. Each renewal runs
 * as the `system` actor under a correlation id of its own. Every API process runs it (embedded and
 * scaled out): the renewal's stream lets only one of them start a renewal.
 */
@Injectable()
export class RenewalSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenewalSchedule.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RenewalPass> | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: Config,
    private readonly commandBus: CommandBus,
    private readonly context: RequestContext,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.RENEWALS_EVERY_MINUTES;
    if (minutes === 0) return;
    // A pass at start too (not awaited: the shop opens meanwhile), so a shop restarted more often than the timer renews.
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), minutes * 60_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; a pass asked for while one runs in this process joins it. */
  runOnce(): Promise<RenewalPass> {
    this.running ??= this.pass()
      .catch((error: unknown) => {
        this.logger.error(`A renewal pass failed: ${String(error)}`);
        return {};
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<RenewalPass> {
    const now = this.clock.now();
    const work = new Map<string, { customerId: string; type: string; period: string }>();
    for (const r of await unfinishedRenewals(this.pool)) {
      work.set(`${r.customerId}/${r.subscriptionType}/${r.period}`, { ...r, type: r.subscriptionType });
    }
    for (const candidate of await renewalCandidates(this.pool, now)) {
      for (const due of dueRenewals(candidate.subscriptions, now)) {
        const { customerId } = candidate;
        work.set(`${customerId}/${due.subscriptionType}/${due.period}`, {
          customerId,
          type: due.subscriptionType,
          ...due,
        });
      }
    }
    const pass: RenewalPass = {};
    for (const [key, { customerId, type, period }] of work) {
      if (!isSubscriptionType(type)) continue;
      try {
        pass[key] = await this.context.run({ actorId: SYSTEM }, () =>
          this.commandBus.execute<RenewSubscriptionCommand, RenewalRunOutcome>(
            new RenewSubscriptionCommand(customerId, type, period),
          ),
        );
      } catch (error) {
        // One renewal's fault (the gateway unreachable) leaves it started: the next pass resumes it.
        this.logger.error(`Renewal ${key} stopped: ${String(error)}`);
      }
    }
    return pass;
  }
}
