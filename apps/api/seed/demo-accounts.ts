import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { CLIENT_VERSION, type Specialty, type Status } from '#libs/contracts/identity.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { type Grant, GrantEntitlementCommand } from '../entitlements/index.js';
import {
  CustomerLookup,
  EmailReservations,
  RegisterCustomerCommand,
  ResendValidationCommand,
  SocietySecrets,
  ValidateEmailCommand,
} from '../identity/index.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { RequestContext } from '../kernel/request-context.js';
import { seedAccountPage } from './demo-account-page.js';
import data from './demo-accounts.json' with { type: 'json' };
import { seedDemoCme } from './demo-cme.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoStreaming } from './demo-streaming.js';
import { demoSocieties } from './index.js';
import { systemContext } from '#libs/application/command-context.js';

type GrantSpec =
  | { subscription: string; startsInDays: number; expiresInDays: number }
  | { subscription: string; year: 'current' | 'previous' }
  | { product: number; productType: string };

interface DemoAccount {
  email: string;
  firstname: string;
  lastname: string;
  specialty: string;
  status: string;
  validated: boolean;
  grants: GrantSpec[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dates are relative to the first seeding (e.g. "expires in 20 days"), so the expiring toast shows on a fresh start. */
export function grantOf(spec: GrantSpec, source: string, now: Date): Grant {
  if ('product' in spec) return { kind: 'product', productId: spec.product, productType: spec.productType, source };
  const subscriptionType = spec.subscription as SubscriptionType;
  if ('year' in spec) {
    // CME is good through a calendar year (storefront section 9).
    const year = now.getUTCFullYear() - (spec.year === 'previous' ? 1 : 0);
    return {
      kind: 'subscription',
      subscriptionType,
      startsAt: new Date(Date.UTC(year, 0, 1)).toISOString(),
      expiresAt: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
      source: `${source}:${year}`,
    };
  }
  return {
    kind: 'subscription',
    subscriptionType,
    startsAt: new Date(now.getTime() + spec.startsInDays * DAY_MS).toISOString(),
    expiresAt: new Date(now.getTime() + spec.expiresInDays * DAY_MS).toISOString(),
    source,
  };
}

export interface SeedReport {
  registered: string[];
  validated: string[];
  grants: number;
}

/**
 * The demo data (docs/demo-data.md), written through the commands (never read-model rows), as the
 * `system` actor under a correlation id of its own (no request started it). It also makes the demo
 * society known to society sign-in: only a shop that seeds the demo data knows it. Idempotent: an
 * existing account is not registered again, and a grant repeated from the same source appends nothing.
 */
export async function seedDemoAccounts(
  app: INestApplicationContext,
  now: Date = app.get(Clock, { strict: false }).now(),
): Promise<SeedReport> {
  app.get(SocietySecrets, { strict: false }).register(demoSocieties);
  return app.get(RequestContext, { strict: false }).run(systemContext(), () => seedAll(app, now));
}

async function seedAll(app: INestApplicationContext, now: Date): Promise<SeedReport> {
  const commands = app.get(CommandBus, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const customers = app.get(CustomerLookup, { strict: false });
  const report: SeedReport = { registered: [], validated: [], grants: 0 };

  for (const account of data.accounts as DemoAccount[]) {
    let customerId = await reservations.customerIdOf(account.email);
    let validationToken: string | null = null;
    if (!customerId) {
      const registered = await commands.execute(
        new RegisterCustomerCommand(
          {
            FIRSTNAME: account.firstname,
            LASTNAME: account.lastname,
            SPECIALTY: account.specialty as Specialty,
            STATUS: account.status as Status,
            EMAIL: account.email,
            PASSWORD: data.password,
            autorenew: 1,
            agree: 1,
            VERSION: CLIENT_VERSION,
          },
          { sendMail: false },
        ),
      );
      customerId = registered.customerId;
      validationToken = registered.validationToken;
      report.registered.push(account.email);
    }
    if (account.validated && !(await customers.byId(customerId)).validated) {
      // A run stopped between registering and validating: issue a fresh link, then follow it.
      validationToken ??= (
        await commands.execute(new ResendValidationCommand({ EMAIL: account.email }, { sendMail: false }))
      ).validationToken;
      await commands.execute(new ValidateEmailCommand({ EMAIL: account.email, TOKEN: validationToken }));
      report.validated.push(account.email);
    }
    for (const spec of account.grants) {
      const { appended } = await commands.execute(
        new GrantEntitlementCommand(customerId, grantOf(spec, data.source, now)),
      );
      report.grants += appended;
    }
  }
  const config = app.get<Config>(CONFIG, { strict: false });
  // A demo card is typed in on the server: only a gateway that takes typed cards keeps it (docs/demo-data.md).
  const typedCards = config.PAYMENT_GATEWAY === 'sandbox' || config.STRIPE_ALLOW_RAW_CARDS;
  await seedAccountPage(app, now, { card: typedCards });
  if (typedCards) await seedDemoOrders(app); // complete@'s order history, paid with its card on file
  await seedDemoStreaming(app); // favourites (docs/demo-data.md); repeats append nothing
  await seedDemoCme(app, now); // CME records (docs/demo-data.md), once per year
  return report;
}
