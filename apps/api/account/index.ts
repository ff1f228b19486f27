/** The public surface of the account module (what other modules of apps/api may import). */
export { AccountModule } from './account.module.js';
export { RecordCmeInfoCommand, ReplaceCardCommand } from './card-cme.messages.js';
export { TOO_MANY_CARD_ATTEMPTS } from './card-attempts.js';
