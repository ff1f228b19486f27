/**
 * Wire shapes of the identity calls (storefront sections 3 and 7), shared by the API and the web
 * app. Field names are the spec's. Types only: nothing here runs.
 *
 * Endpoints (all under /api):
 *   POST /api/auth/login            LoginRequest -> LoginResponse      (401/403/429 with ErrorBody)
 *   POST /api/auth/logout           -> 204
 *   GET  /api/auth/me               -> Me                              (401 when the session ended)
 *   POST /api/users/register        RegistrationUser -> SuccessBody    (201; 409 duplicate email; 400 with messages)
 *   POST /api/users/validate        ValidateRequest -> SuccessBody     (400 with ErrorBody on a bad or used token)
 *   POST /api/users/resend          ResendRequest -> SuccessBody
 *   POST /api/users/forgot          ForgotRequest -> SuccessBody
 *   POST /api/users/redeem-forgot   SetNewPasswordRequest -> SuccessBody
 *   POST /api/users/confirm-email   EmailChangeLinkRequest -> SuccessBody  (libs/contracts/account.ts; 400 bad link, 409 taken)
 *   POST /api/users/undo-email-change EmailChangeLinkRequest -> SuccessBody (ends every session)
 *   GET  /api/main-info             -> MainInfo
 *   GET  /api/test/unauthorized     -> always 401 (the spec's forced-error test endpoint)
 *   GET  /api/health                -> Health
 *   GET  /api/ready                 -> Readiness (503 when not ready)
 */

export type Role = 'qmpcomplete' | 'streaming_all' | 'elearning' | 'cme' | 'cmePrint' | 'streaming' | 'iflap';

export const STATUSES = [
  'Practicing Physician',
  'Fellow',
  'Resident',
  'Nurse',
  "Physician's Assistant",
  'Other',
] as const;
export type Status = (typeof STATUSES)[number];

export const SPECIALTIES = [
  'Plastic Surgery',
  'Facial Plastic Surgery',
  'Dermatology/Dermatologic Surgery',
  'ENT/Otolaryngology',
  'Oculoplastic Surgery',
  'Ophthalmology',
  'Cosmetic Surgery',
  'General Surgery',
  'Other',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const SUFFIXES = ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV'] as const;
export type Suffix = (typeof SUFFIXES)[number];

/** Registration VERSION initial value (storefront section 9). */
export const CLIENT_VERSION = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 20;

export interface LoginRequest {
  email?: string;
  password?: string;
  /** A signed society sign-in token; when present, email and password are not needed. */
  society?: string;
  version: number;
  utimezone?: string;
}

export interface ExpiringSubscription {
  TYPE: string;
  DT: string;
  COST: number;
  URLS: { TERM: number; URL: string; COST: number }[];
}

export interface LoginResponse {
  token: string;
  /** Product ids the customer may open (streaming access); filled by later features. */
  OPEN: number[];
  QMPMarketingPixel: string | null;
  EXPIRATIONS: ExpiringSubscription[];
  QMPMarketingTarget: { ROUTE: string; MT: string } | null;
  /** True for a customer with role cme or cmePrint and no date of birth on file: the web app opens user/account#cme. */
  CMEREDIRECT: boolean;
}

export interface Me {
  customerId: string;
  email: string;
  firstname: string;
  lastname: string;
  status: Status | null;
  roles: Role[];
}

export interface RegistrationUser {
  FIRSTNAME: string;
  LASTNAME: string;
  SUFFIX?: Suffix | '';
  SPECIALTY: Specialty;
  STATUS?: Status | '';
  ADDRESS?: string;
  ADDRESS2?: string;
  CITY?: string;
  STATE?: string;
  ZIP?: string;
  COUNTRY?: string;
  PHONE?: string;
  EMAIL: string;
  PASSWORD: string;
  autorenew: 0 | 1;
  agree: 0 | 1;
  VERSION: number;
  sendUserTo?: string;
  redeemCode?: string;
  utimezone?: string;
}

export interface ValidateRequest {
  EMAIL: string;
  TOKEN: string;
}
export interface ResendRequest {
  EMAIL: string;
}
export interface ForgotRequest {
  EMAIL: string;
}
export interface SetNewPasswordRequest {
  EMAIL: string;
  TOKEN: string;
  PASSWORD: string;
}

export interface SuccessBody {
  success: 1;
  message?: string;
}

export interface MainInfo {
  year: number;
  version: string;
  cartTotalQty: number;
}

/** GET /api/health: the process is alive; it says nothing more (no versions, no read models). */
export interface Health {
  status: 'ok';
}

/** GET /api/ready (200 ready, 503 not_ready): whether the shop should get traffic, and why not. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  reasons: string[];
  /**
   * Read models being rebuilt beside their live tables (a new version, `npm run projections:rebuild`),
   * with how far through the event log (0-100): their old tables answer until the new ones are swapped in.
   */
  building: { name: string; percent: number }[];
}
