/**
 * Every route of the web app, as data: its path (React Router's syntax, `:param` and a trailing `*`),
 * who passes its guard, and whether it sits in the navigation shell. `router.tsx` builds the router
 * from this table, one screen per path (a path without a screen does not compile), and the
 * accessibility gate (test/e2e/accessibility-gate.spec.ts) checks every path of it, for each role
 * that sees it, so a new page is checked without anyone adding it to a test. No imports: the gate
 * reads this module outside the web app's build.
 */

/** The roles a guard can ask for (a subset of `Role` of libs/contracts/identity.ts; router.tsx checks). */
export type GuardRole = 'streaming' | 'cme' | 'cmePrint' | 'iflap';

/** Anyone; a signed-in customer (else the login screen); or one holding any of the roles (else home). */
export type Access = 'anyone' | 'signed-in' | readonly GuardRole[];

export interface RouteSpec {
  /** Without the leading slash; '' is the home page, '*' every path no other route takes. */
  readonly path: string;
  readonly access: Access;
  /** Outside the navigation shell (iFlap opens in a window of its own). */
  readonly bare?: true;
}

export const ROUTES = [
  { path: '', access: 'anyone' },
  { path: 'cart', access: 'anyone' },
  { path: 'login', access: 'anyone' },
  { path: 'market/:offer/:uid', access: 'anyone' },
  { path: 'product/:name/:id', access: 'anyone' },
  { path: 'products/:id', access: 'anyone' },
  { path: 'user/register', access: 'anyone' },
  { path: 'user/forgot', access: 'anyone' },
  { path: 'user/resend', access: 'anyone' },
  { path: 'user/redeem', access: 'anyone' },
  { path: 'user/validate', access: 'anyone' },
  { path: 'user/confirm-email', access: 'anyone' },
  { path: 'user/undo-email-change', access: 'anyone' },
  { path: 'static/*', access: 'anyone' },
  { path: 'meeting/*', access: 'anyone' },
  { path: 'redeem-info', access: 'anyone' },
  { path: 'checkout/customer', access: 'anyone' },
  { path: 'checkout/pay', access: 'anyone' },
  { path: 'checkout/confirm/:number', access: 'anyone' },
  { path: 'people', access: 'anyone' },
  { path: 'people/:userId', access: 'anyone' },
  { path: 'maintenance', access: 'anyone' },
  { path: 'test', access: 'anyone' },
  { path: 'verify/:number', access: 'anyone' },
  { path: 'user/account', access: 'signed-in' },
  { path: 'redeem', access: 'signed-in' },
  { path: 'redeem/:code', access: 'signed-in' },
  { path: 'org/:id', access: 'signed-in' },
  { path: 'user/home', access: ['streaming'] },
  { path: 'streaming', access: ['streaming'] },
  { path: 'stream/:id', access: ['streaming'] },
  { path: 'streams/details/:productId/:videoId', access: ['streaming'] },
  { path: 'cme/:type/:id', access: ['cme'] },
  { path: 'cme-center', access: ['cme', 'cmePrint'] },
  { path: 'iflap/*', access: ['iflap'], bare: true },
  // Marketing short paths (GET /api/short-paths), otherwise Page Not Found.
  { path: '*', access: 'anyone' },
] as const satisfies readonly RouteSpec[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** Old addresses (storefront section 2) and their pages; the query string goes along. */
export const REDIRECTS = [
  { path: 'products', to: '/products/0' },
  { path: 'register/redeem', to: '/user/redeem' },
  { path: 'register/validate', to: '/user/validate' },
  { path: 'symposia', to: '/meeting/list' },
  { path: 'elearning/menu', to: '/streaming' },
  { path: 'elearning/home', to: '/streaming' },
  { path: 'elearning/search', to: '/streaming' },
] as const;
