import { Body, Controller, Get, Inject, Ip, NotFoundException, Param, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Subscriptions } from '#libs/contracts/cart.js';
import { RENEWABLE_TYPE_MESSAGE, RENEWABLE_TYPES, type RenewableType } from '#libs/contracts/renewals.js';
import { ACCOUNT_SAVED, type AccountSaved, type AccountUser } from '#libs/contracts/account.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { findAccount } from '#libs/read-models/customers.js';
import { subscriptionsOf } from '#libs/read-models/renewal-terms.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, TOO_MANY_PASSWORD_CHECKS } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import { SubscriptionsDto } from '../checkout/index.js';
import { AddressDto, AutoRenewDto, ProfileDto, RenewableTypePipe } from './account.dto.js';
import {
  ChangeAddressCommand,
  ChangeAutoRenewCommand,
  ChangeProfileCommand,
  ChangeSubscriptionAutoRenewCommand,
} from './account.messages.js';
import { AccountBodyDto, AccountSavedDto } from './account.responses.js';

export const ACCOUNT_NOT_FOUND = 'Your account could not be found. Please login again.';
const ADDRESS_RULES = `${BAD_BODY}; "{Field} is required.", ADDRESS and ADDRESS2 at most 59, a COUNTRY or STATE not in the lists`;

/** The account page's profile, shipping and billing tabs and the auto-renew box (signed-in sections 2, 5, 7, 8). */
@ApiTags('account')
@Controller('account')
@UseGuards(JwtAuthGuard)
@ApiRequiredBearer()
@ApiError(404, 'The account is not (yet) in the read model')
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'What the profile, shipping and billing tabs show' })
  @ApiOkResponse({ type: AccountBodyDto })
  async account(@CurrentUser() user: AuthUser): Promise<{ data: AccountUser }> {
    return { data: await this.read(user.customerId) };
  }

  @Put('profile')
  @ApiOperation({
    summary:
      'Save the profile tab. A new email or password needs currentPassword; a new email waits for the link mailed to it (pendingEmail), the old address is told with an undo link; a new password ends every other session',
  })
  @ApiOkResponse({ type: AccountSavedDto })
  @ApiError(
    400,
    `${BAD_BODY}; "{Field} is required.", a password under 8 characters, phone over 20; "${CustomerErrors.current_password_required}"; "${CustomerErrors.wrong_current_password}"`,
  )
  @ApiError(
    409,
    `"This email is already in use. If you have forgotten your password click here.", or "${CONCURRENT_CHANGE}"`,
  )
  @ApiTooManyAttempts(TOO_MANY_PASSWORD_CHECKS)
  async profile(@CurrentUser() user: AuthUser, @Body() body: ProfileDto, @Ip() ip: string): Promise<AccountSaved> {
    await this.commands.execute(new ChangeProfileCommand(user, body, ip));
    return this.saved(user);
  }

  @Put('shipping')
  @ApiOperation({ summary: 'Save the shipping tab' })
  @ApiOkResponse({ type: AccountSavedDto })
  @ApiError(400, ADDRESS_RULES)
  @ApiError(409, CONCURRENT_CHANGE)
  async shipping(@CurrentUser() user: AuthUser, @Body() body: AddressDto): Promise<AccountSaved> {
    await this.commands.execute(new ChangeAddressCommand(user.customerId, 'shipping', body));
    return this.saved(user);
  }

  @Put('billing')
  @ApiOperation({ summary: 'Save the billing tab' })
  @ApiOkResponse({ type: AccountSavedDto })
  @ApiError(400, ADDRESS_RULES)
  @ApiError(409, CONCURRENT_CHANGE)
  async billing(@CurrentUser() user: AuthUser, @Body() body: AddressDto): Promise<AccountSaved> {
    await this.commands.execute(new ChangeAddressCommand(user.customerId, 'billing', body));
    return this.saved(user);
  }

  @Put('auto-renew')
  @ApiOperation({
    summary:
      "Turn auto-renew on (1) or off (0) for the account: every subscription (each one's own choice made before no longer counts)",
  })
  @ApiOkResponse({ type: AccountSavedDto })
  @ApiError(400, `${BAD_BODY}; autorenew must be 0 or 1`)
  @ApiError(409, CONCURRENT_CHANGE)
  async autoRenew(@CurrentUser() user: AuthUser, @Body() body: AutoRenewDto): Promise<AccountSaved> {
    await this.commands.execute(new ChangeAutoRenewCommand(user.customerId, body.autorenew === 1));
    return this.saved(user);
  }

  @Put('auto-renew/:type')
  @ApiOperation({
    summary:
      "Turn one subscription's auto-renew on (1) or off (0), apart from the account's; answers the Subscriptions tab as it now is",
  })
  @ApiParam({ name: 'type', enum: RENEWABLE_TYPES })
  @ApiOkResponse({ type: SubscriptionsDto })
  @ApiError(400, `${BAD_BODY}; autorenew must be 0 or 1; "${RENEWABLE_TYPE_MESSAGE}"`)
  @ApiError(409, CONCURRENT_CHANGE)
  async subscriptionAutoRenew(
    @CurrentUser() user: AuthUser,
    @Param('type', RenewableTypePipe) type: RenewableType,
    @Body() body: AutoRenewDto,
  ): Promise<Subscriptions> {
    await this.read(user.customerId);
    await this.commands.execute(new ChangeSubscriptionAutoRenewCommand(user.customerId, type, body.autorenew === 1));
    return subscriptionsOf(this.pool, user.customerId, this.clock.now());
  }

  private async saved(user: AuthUser): Promise<AccountSaved> {
    return { success: 1, message: ACCOUNT_SAVED, data: await this.read(user.customerId) };
  }

  private async read(customerId: string): Promise<AccountUser> {
    const row = await findAccount(this.pool, customerId);
    // A live session of a customer the read model does not hold: it lags behind; answer as for an unknown account.
    if (!row) throw new NotFoundException(ACCOUNT_NOT_FOUND);
    return { ...row, autorenew: row.autorenew ? 1 : 0 };
  }
}
