import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';

/**
 * Codes of the customer decider's DomainErrors, with the text a person sees (the spec's wording
 * where it gives one: storefront section 8). The HTTP layer maps the codes to statuses.
 */
export const CustomerErrors = {
  email_taken: 'This email is already in use. If you have forgotten your password click here.',
  customer_not_found: 'You must enter a valid email.',
  invalid_credentials: 'Invalid email or password.',
  email_not_validated: 'Please validate your email before logging in. Check your inbox or resend the validation email.',
  already_validated: 'This email is already validated. Please login.',
  invalid_validation_token: 'Validation failed. Please contact customer service if you need help.',
  invalid_reset_token: 'Something went wrong. Please try again here: Forgot Password',
  /** A new email or password asked for without the current password (400). */
  current_password_required: 'Please enter your current password to change your email or password.',
  /** The current password typed with a new email or password is not the account's (400, throttled as a login). */
  wrong_current_password: 'Your current password is not correct.',
  /** An email change's confirm or undo link that is wrong, expired, used or replaced by a later change (400). */
  invalid_email_change_link: 'This link is no longer valid. Please contact customer service if you need help.',
  /** A profile save read the account before another save changed its email (409, as any write that raced). */
  email_changed_meanwhile: CONCURRENT_CHANGE,
} as const;

export type CustomerErrorCode = keyof typeof CustomerErrors;
