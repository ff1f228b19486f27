import { Body, Controller, Get, Inject, Ip, NotFoundException, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { ACCOUNT_SAVED, type AccountSaved, type AccountUser } from '#libs/contracts/account.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { findAccount } from '#libs/read-models/customers.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, TOO_MANY_PASSWORD_CHECKS } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import { AddressDto, AutoRenewDto, ProfileDto } from './account.dto.js';
import { ChangeAddressCommand, ChangeAutoRenewCommand, ChangeProfileCommand } from './account.messages.js';
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
  @ApiOperation({ summary: 'Turn auto-renew on (1) or off (0)' })
  @ApiOkResponse({ type: AccountSavedDto })
  @ApiError(400, `${BAD_BODY}; autorenew must be 0 or 1`)
  @ApiError(409, CONCURRENT_CHANGE)
  async autoRenew(@CurrentUser() user: AuthUser, @Body() body: AutoRenewDto): Promise<AccountSaved> {
    await this.commands.execute(new ChangeAutoRenewCommand(user.customerId, body.autorenew === 1));
    return this.saved(user);
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
