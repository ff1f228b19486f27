import { bookCodeRegistryReadModel } from './book-code-registry.js';
import { cardsReadModel } from './cards.js';
import { cartsReadModel } from './carts.js';
import { cmeCertificatesReadModel } from './cme-certificates.js';
import { cmeTotalsReadModel } from './cme-totals.js';
import { customersReadModel } from './customers.js';
import { entitlementsReadModel } from './entitlements.js';
import { financeLedgerReadModel } from './finance-ledger.js';
import { orderHistoryReadModel } from './order-history.js';
import { playerPreferencesReadModel } from './player-preferences.js';
import type { ReadModel } from './read-model.js';
import { receiptsReadModel } from './receipts.js';
import { renewalsReadModel } from './renewals.js';
import { sessionsReadModel } from './sessions.js';
import { streamingChoicesReadModel } from './streaming-choices.js';
import { videoMediaReadModel } from './video-media.js';
import { viewingProgressReadModel } from './viewing-progress.js';

/** Every read model the projector runs (docs/conventions.md). Add a model here to have it projected and rebuilt. */
export const allReadModels: ReadModel[] = [
  customersReadModel,
  sessionsReadModel,
  entitlementsReadModel,
  cartsReadModel,
  orderHistoryReadModel,
  receiptsReadModel,
  financeLedgerReadModel,
  cardsReadModel,
  streamingChoicesReadModel,
  viewingProgressReadModel,
  videoMediaReadModel,
  playerPreferencesReadModel,
  bookCodeRegistryReadModel,
  cmeTotalsReadModel,
  cmeCertificatesReadModel,
  renewalsReadModel,
];
