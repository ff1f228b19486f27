import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { AuthController } from './auth.controller.js';
import { CustomerLookup } from './customer-lookup.js';
import { EmailReservations } from './email-reservations.js';
import { ConfirmEmailChangeHandler, UndoEmailChangeHandler } from './email-change.handlers.js';
import { ResendValidationHandler, ValidateEmailHandler } from './email-validation.handlers.js';
import { JwtAuthGuard, RolesGuard } from './guards.js';
import { JwtStrategy } from './jwt.strategy.js';
import { MainInfoController } from './main-info.controller.js';
import { RequestPasswordResetHandler, SetNewPasswordHandler } from './password-reset.handlers.js';
import { IdentityRateLimits } from './rate-limits.js';
import { RegisterCustomerHandler } from './register.handler.js';
import { RolesService } from './roles.service.js';
import { LoginHandler, LogoutHandler } from './session.handlers.js';
import { SocietySecrets } from './society-secrets.js';
import { UsersController } from './users.controller.js';

/** Sessions last a working week at most; a login elsewhere ends them earlier. */
export const SESSION_TTL = '7d';

/**
 * Identity: registration, email validation, password recovery, login (password or society),
 * logout, sessions and roles. Other modules import it for JwtAuthGuard, RolesGuard and RolesService.
 */
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: Config) => ({
        secret: config.JWT_SECRET,
        signOptions: { expiresIn: SESSION_TTL, algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController, UsersController, MainInfoController],
  providers: [
    EmailReservations,
    CustomerLookup,
    IdentityRateLimits,
    RolesService,
    SocietySecrets,
    JwtStrategy,
    JwtAuthGuard,
    RolesGuard,
    RegisterCustomerHandler,
    ValidateEmailHandler,
    ResendValidationHandler,
    RequestPasswordResetHandler,
    SetNewPasswordHandler,
    ConfirmEmailChangeHandler,
    UndoEmailChangeHandler,
    LoginHandler,
    LogoutHandler,
  ],
  exports: [JwtAuthGuard, RolesGuard, RolesService, EmailReservations, JwtStrategy, SocietySecrets, IdentityRateLimits],
})
export class IdentityModule {}
