import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { AccountController } from './account.controller.js';
import { ACCOUNT_HANDLERS } from './account.handlers.js';

/** The account page (user/account): profile, shipping and billing tabs and auto-renew, on the customer stream. */
@Module({
  imports: [IdentityModule],
  controllers: [AccountController],
  providers: [...ACCOUNT_HANDLERS],
})
export class AccountModule {}
