import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { EMAIL_CHANGE_CONFIRMED, EMAIL_CHANGE_UNDONE } from '#libs/contracts/account.js';
import type { SuccessBody } from '#libs/contracts/identity.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import {
  ConfirmEmailChangeCommand,
  RegisterCustomerCommand,
  RequestPasswordResetCommand,
  ResendValidationCommand,
  SetNewPasswordCommand,
  UndoEmailChangeCommand,
  ValidateEmailCommand,
} from './identity.commands.js';
import { ApiError, BAD_BODY, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import {
  EmailChangeLinkDto,
  ForgotDto,
  RegisterDto,
  ResendDto,
  SetNewPasswordDto,
  SuccessBodyDto,
  ValidateDto,
} from './identity.dto.js';

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
  @ApiTooManyAttempts('Too many password reset requests')
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

  @Post('confirm-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm a new email with the link mailed to it: from now on the account is that address' })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; "${CustomerErrors.invalid_email_change_link}" (a wrong, expired, used or replaced link)`)
  @ApiError(
    409,
    `"This email is already in use. If you have forgotten your password click here." (registered meanwhile by another account), or "${CONCURRENT_CHANGE}"`,
  )
  async confirmEmail(@Body() body: EmailChangeLinkDto): Promise<SuccessBody> {
    await this.commands.execute(new ConfirmEmailChangeCommand(body));
    return { success: 1, message: EMAIL_CHANGE_CONFIRMED };
  }

  @Post('undo-email-change')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Undo an email change with the link mailed to the old address: drops a pending change or puts the old address back; ends every session',
  })
  @ApiOkResponse({ type: SuccessBodyDto })
  @ApiError(400, `${BAD_BODY}; "${CustomerErrors.invalid_email_change_link}" (a wrong, expired or used link)`)
  @ApiError(
    409,
    `"This email is already in use. If you have forgotten your password click here." (the old address registered meanwhile by another account), or "${CONCURRENT_CHANGE}"`,
  )
  async undoEmailChange(@Body() body: EmailChangeLinkDto): Promise<SuccessBody> {
    await this.commands.execute(new UndoEmailChangeCommand(body));
    return { success: 1, message: EMAIL_CHANGE_UNDONE };
  }
}
