import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { RecordCmeInfoCommand, ReplaceCardCommand } from '../account/index.js';
import { EmailReservations } from '../identity/index.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';

/**
 * The CME info tab of cme@demo.test shows this date of birth and these licence fields (stored
 * encrypted, like any other; the PARS export of its year reads them).
 */
export const DEMO_DOB = {
  email: 'cme@demo.test',
  dob: '04/12/1975',
  licence: { licenseState: 'MO', licenseNumber: '2004018352', boardId: 'ABS-118822' },
} as const;
/** The Card tab of complete@demo.test shows "XXXX 4242" (the sandbox's approved Visa, docs/payments.md). */
export const DEMO_CARD = { email: 'complete@demo.test', number: '4242424242424242', month: '12' } as const;

export interface AccountPageSeedReport {
  dob: boolean;
  card: boolean;
}

/**
 * The account page's demo data, through the same commands as the Card and CME info tabs: a date of
 * birth and licence fields for cme@demo.test (encrypted with the configured key) and a card on file
 * for complete@demo.test (the sandbox gateway's token; `give.card` false with a gateway that takes no
 * typed card, Stripe). Idempotent: each is given only when its stream holds none yet.
 */
export async function seedAccountPage(
  app: INestApplicationContext,
  now: Date = app.get(Clock, { strict: false }).now(),
  give: { card: boolean } = { card: true },
): Promise<AccountPageSeedReport> {
  const commands = app.get(CommandBus, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  const report: AccountPageSeedReport = { dob: false, card: false };

  const cme = await reservations.customerIdOf(DEMO_DOB.email);
  const recorded = cme ? await store.readStream(customerStreamId(cme)) : [];
  if (cme && !recorded.some((e) => e.type === 'DateOfBirthRecorded')) {
    await commands.execute(new RecordCmeInfoCommand(cme, DEMO_DOB.dob, { ...DEMO_DOB.licence }));
    report.dob = true;
  }

  const complete = await reservations.customerIdOf(DEMO_CARD.email);
  if (give.card && complete && (await store.readStream(cardStreamId(complete))).length === 0) {
    // Good for three more years from the first seeding (the sandbox refuses an expired card).
    const card = { CC: DEMO_CARD.number, MONTH: DEMO_CARD.month, YEAR: String(now.getUTCFullYear() + 3), SC: '123' };
    // A decline throws (card_declined) and stops the seeding: the demo card must be accepted.
    await commands.execute(new ReplaceCardCommand(complete, card));
    report.card = true;
  }
  return report;
}
