import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/index.js';
import { IdentityModule } from '../identity/index.js';
import { AccountController } from './account.controller.js';
import { ACCOUNT_HANDLERS } from './account.handlers.js';
import { CardAttempts } from './card-attempts.js';
import { CARD_CME_HANDLERS } from './card-cme.handlers.js';
import { CardController } from './card.controller.js';
import { CmeInfoController } from './cme-info.controller.js';

/**
 * The account page (user/account): profile, shipping and billing tabs and auto-renew on the customer
 * stream; the Card tab through the payment gateway (CheckoutModule's PAYMENT_GATEWAY) on the card
 * stream; the CME info tab (roles cme or cmePrint) on the customer stream.
 */
@Module({
  imports: [IdentityModule, CheckoutModule],
  controllers: [AccountController, CardController, CmeInfoController],
  providers: [...ACCOUNT_HANDLERS, ...CARD_CME_HANDLERS, CardAttempts],
})
export class AccountModule {}
