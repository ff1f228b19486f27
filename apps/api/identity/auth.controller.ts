import { Body, Controller, Get, HttpCode, Inject, Ip, NotFoundException, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { LoginResponse, Me, Status } from '#libs/contracts/identity.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import { type AuthUser, CurrentUser, JwtAuthGuard } from './guards.js';
import { LoginCommand, LogoutCommand } from './identity.commands.js';
import { LoginDto, MeDto } from './identity.dto.js';
import { LoginResponseBodyDto } from './identity.responses.js';
import { RolesService } from './roles.service.js';

/** Login, logout and the signed-in user (storefront sections 2, 3 and 7). */
@ApiTags('identity')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly roles: RolesService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: "Login: a new session (the account's other sessions end)" })
  @ApiOkResponse({ type: LoginResponseBodyDto })
  @ApiError(400, `${BAD_BODY}; an empty email or password: "Email or Password can not be undefined."`)
  @ApiError(401, 'Invalid email or password, email not validated, or a bad society token')
  @ApiError(409, CONCURRENT_CHANGE)
  @ApiTooManyAttempts('Too many login attempts for this account from this address, or from this address')
  login(@Body() body: LoginDto, @Ip() ip: string): Promise<LoginResponse> {
    return this.commands.execute(new LoginCommand(body.email, body.password, body.society, ip));
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Logout: ends this session' })
  @ApiRequiredBearer()
  @ApiNoContentResponse({ description: 'The session ended' })
  @ApiError(409, CONCURRENT_CHANGE)
  async logout(@CurrentUser() user: AuthUser): Promise<void> {
    await this.commands.execute(new LogoutCommand(user.customerId, user.sessionId));
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'The signed-in customer' })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: MeDto })
  @ApiError(404, 'Customer not found.')
  async me(@CurrentUser() user: AuthUser): Promise<Me> {
    const customer = await findCustomerById(this.pool, user.customerId);
    if (!customer) throw new NotFoundException('Customer not found.');
    return {
      customerId: customer.customerId,
      email: customer.email,
      firstname: customer.firstname,
      lastname: customer.lastname,
      status: customer.status as Status | null,
      roles: await this.roles.rolesOf(user.customerId),
    };
  }
}
