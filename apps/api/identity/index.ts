/** The public surface of the identity module (what other modules of apps/api may import). */
export { CustomerLookup } from './customer-lookup.js';
export { EMAIL_RESERVATIONS_SCHEMA, EmailReservations } from './email-reservations.js';
export { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from './guards.js';
export { RegisterCustomerCommand, ResendValidationCommand, ValidateEmailCommand } from './identity.commands.js';
export { publicBaseUrl } from './identity-links.js';
export { IdentityModule } from './identity.module.js';
export { hashPassword, verifyPassword } from './password-hasher.js';
export { IdentityRateLimits, TOO_MANY_PASSWORD_CHECKS, TOO_MANY_REDEEMS } from './rate-limits.js';
export { EmailRules, PASSWORD_MAX_LENGTH, PasswordLength, profileRules, required } from './profile-rules.js';
export { ExpiringSubscriptionsBodyDto } from './identity.responses.js';
export { RolesService } from './roles.service.js';
export { SocietySecrets } from './society-secrets.js';
