import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { SuccessBody } from '#libs/contracts/identity.js';
import {
  RegisterCustomerCommand,
  RequestPasswordResetCommand,
  ResendValidationCommand,
  SetNewPasswordCommand,
  ValidateEmailCommand,
} from './identity.commands.js';
import { ApiError, BAD_BODY } from '../kernel/errors.responses.js';
import { ForgotDto, RegisterDto, ResendDto, SetNewPasswordDto, SuccessBodyDto, ValidateDto } from './identity.dto.js';

/** Messages of storefront section 8 for the successes. */
export const REGISTERED =
  'Please validate your email by following the instructions we sent to your email address. You can login after validating.';
export const VALIDATED = 'You have successfully validated your email. Please login here.';
export const RESET_MAILED = 'You will receive an email shortly. Follow the email instructions to change your password.';
export const PASSWORD_CHANGED = 'Your password has been changed. Please login.';

/** Register, validate, resend, forgot and set new password (storefront sections 2 to 8). */
@ApiTags('identity')
@Controller('users')
export class UsersController {
  constructor(private readonly commands: CommandBus) {}

  @Post('register')
  @ApiOperation({ summary: 'Register an account; mails the validation link' })
  @ApiCreatedResponse({ type: SuccessBodyDto })
  @ApiError(409, 'This email is already in use. If you have forgotten your password click here.')
  @ApiError(400, `${BAD_BODY}: every invalid field, with its message`)
  async register(@Body() body: RegisterDto): Promise<SuccessBody> {
    await this.commands.execute(new RegisterCustomerCommand(body));
    return { success: 1, message: REGISTERED };
  }

  @Post('validate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Validate the email with the link of the mail' })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; validation failed: a wrong, expired or used link`)
  @ApiError(409, CONCURRENT_CHANGE)
  async validate(@Body() body: ValidateDto): Promise<SuccessBody> {
    await this.commands.execute(new ValidateEmailCommand(body));
    return { success: 1, message: VALIDATED };
  }

  @Post('resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new validation link' })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; no such account, or already validated`)
  @ApiError(409, CONCURRENT_CHANGE)
  async resend(@Body() body: ResendDto): Promise<SuccessBody> {
    await this.commands.execute(new ResendValidationCommand(body));
    return { success: 1, message: REGISTERED };
  }

  @Post('forgot')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a one-time password reset link' })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; "You must enter a valid email to recover your password."`)
  @ApiError(409, CONCURRENT_CHANGE)
  @ApiError(429, 'Too many password reset requests')
  async forgot(@Body() body: ForgotDto, @Ip() ip: string): Promise<SuccessBody> {
    await this.commands.execute(new RequestPasswordResetCommand(body, ip));
    return { success: 1, message: RESET_MAILED };
  }

  @Post('redeem-forgot')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the reset link' })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; a wrong, expired or used reset link, or a short password`)
  @ApiError(409, CONCURRENT_CHANGE)
  async setNewPassword(@Body() body: SetNewPasswordDto): Promise<SuccessBody> {
    await this.commands.execute(new SetNewPasswordCommand(body));
    return { success: 1, message: PASSWORD_CHANGED };
  }
}
