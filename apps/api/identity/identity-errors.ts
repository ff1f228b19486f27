import type { CustomerErrorCode } from '#libs/domain/customer/customer.errors.js';

/**
 * HTTP status of each identity DomainError code, merged into the one table of
 * apps/api/domain-error-statuses.ts. Login failures answer 401, never 403: a 403 makes the web app
 * log out (storefront section 8). A missing or wrong current password on the account page answers
 * 400 for the same reason: the session stays, the form shows the message.
 */
export const identityErrorStatus: Record<CustomerErrorCode, number> = {
  email_taken: 409,
  customer_not_found: 400,
  invalid_credentials: 401,
  email_not_validated: 401,
  already_validated: 400,
  invalid_validation_token: 400,
  invalid_reset_token: 400,
  current_password_required: 400,
  wrong_current_password: 400,
  invalid_email_change_link: 400,
  email_changed_meanwhile: 409,
};
