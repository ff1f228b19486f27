import { Command } from '@nestjs/cqrs';
import type { EmailChangeLinkRequest } from '#libs/contracts/account.js';
import type {
  ForgotRequest,
  LoginResponse,
  RegistrationUser,
  ResendRequest,
  SetNewPasswordRequest,
  ValidateRequest,
} from '#libs/contracts/identity.js';

/**
 * The identity commands sent on the Nest CommandBus; each has one thin handler in this folder. Who
 * asks and under which correlation id is the request context's (apps/api/kernel/request-context.ts).
 */

export interface Registered {
  customerId: string;
  /** The raw validation token (mailed; also returned for the demo seed, never to HTTP callers). */
  validationToken: string;
}

export class RegisterCustomerCommand extends Command<Registered> {
  constructor(
    readonly input: RegistrationUser,
    readonly options: { sendMail: boolean } = { sendMail: true },
  ) {
    super();
  }
}

export class ValidateEmailCommand extends Command<void> {
  constructor(readonly input: ValidateRequest) {
    super();
  }
}

export class ResendValidationCommand extends Command<{ validationToken: string }> {
  constructor(
    readonly input: ResendRequest,
    readonly options: { sendMail: boolean } = { sendMail: true },
  ) {
    super();
  }
}

export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly input: ForgotRequest,
    readonly ip: string,
  ) {
    super();
  }
}

export class SetNewPasswordCommand extends Command<void> {
  constructor(readonly input: SetNewPasswordRequest) {
    super();
  }
}

export class LoginCommand extends Command<LoginResponse> {
  constructor(
    readonly email: string | undefined,
    readonly password: string | undefined,
    readonly society: string | undefined,
    readonly ip: string,
  ) {
    super();
  }
}

export class LogoutCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

/** The link mailed to the new address of an email change was followed: the new address takes effect. */
export class ConfirmEmailChangeCommand extends Command<void> {
  constructor(readonly input: EmailChangeLinkRequest) {
    super();
  }
}

/** The undo link mailed to the old address was followed: the change is dropped or reversed. */
export class UndoEmailChangeCommand extends Command<void> {
  constructor(readonly input: EmailChangeLinkRequest) {
    super();
  }
}
