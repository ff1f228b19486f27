import type { RouteSpec } from '../../../web/src/app/routes.js';

/** A route of the table, and the kind of page an address of it shows (one page per kind is checked). */
export interface GateRoute {
  route: RouteSpec;
  key: string;
}

type Segment = { kind: 'static'; text: string } | { kind: 'param' } | { kind: 'splat' };

const segmentsOf = (path: string): Segment[] =>
  path
    .split('/')
    .filter(Boolean)
    .map((text) =>
      text === '*' ? { kind: 'splat' } : text.startsWith(':') ? { kind: 'param' } : { kind: 'static', text },
    );

/** React Router's ranking, in short: a fixed segment beats a parameter, which beats a `*`. */
const SCORE = { static: 10, param: 3, splat: -2 } as const;

/** The rest of the address under a `*` route, or the whole match for a route without one; null if no match. */
function match(parts: string[], route: RouteSpec): { rest: string | null; score: number } | null {
  const segments = segmentsOf(route.path);
  let score = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'splat') return { rest: parts.slice(index).join('/'), score: score + SCORE.splat };
    const part = parts[index];
    if (part === undefined || (segment.kind === 'static' && segment.text !== part)) return null;
    score += SCORE[segment.kind];
  }
  return parts.length === segments.length ? { rest: null, score } : null;
}

/**
 * The route of `routes` an address shows, as the router would pick it, and its kind of page: the route
 * itself, or for a route ending in `*` the address under it with its numbers left out (a meeting's
 * program tab is one kind of page whatever the meeting). The catch-all `*` is one kind. Addresses of
 * files (a dot in the last segment) are none.
 */
export function routeOf(address: string, routes: readonly RouteSpec[]): GateRoute | undefined {
  const pathname = new URL(address, 'http://shop').pathname;
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.at(-1)?.includes('.')) return undefined;
  let best: { route: RouteSpec; rest: string | null; score: number } | undefined;
  for (const route of routes) {
    const found = match(parts, route);
    if (found && (!best || found.score > best.score)) best = { route, ...found };
  }
  if (!best) return undefined;
  const { route, rest } = best;
  const key = rest === null || route.path === '*' ? route.path : `${route.path} ${rest.replace(/\d+/g, '#')}`;
  return { route, key };
}

/**
 * Addresses to start from for routes with parameters that no page links to, and pages of a route that
 * differ by more than their numbers (the table's paths without parameters are visited as they are, the
 * rest is found through links). Every seeded address is checked.
 */
export const SEEDS: Partial<Record<string, string[]>> = {
  '*': ['/no-such-page'],
  // Product pages differ by kind: a subscription and a CME year besides the first one linked.
  'product/:name/:id': ['/product/complete-package/130', '/product/cme/155'],
  'iflap/*': ['/iflap'],
  'org/:id': ['/org/1'],
  'redeem/:code': ['/redeem/AB12-CD34'],
  'verify/:number': ['/verify/QMP-2026-000000'],
};

/**
 * Routes whose screen only passes through: `market/:offer/:uid` redeems a marketing offer and goes
 * to the cart or home at once (its screen is a progress bar for the time of one request); what it
 * lands on is checked as that page.
 */
export const PASSING_THROUGH: ReadonlySet<string> = new Set(['market/:offer/:uid']);

/** A violation the gate allows on one kind of page at one width, with the reason it cannot be clean. */
export interface GateException {
  route: string;
  width: number;
  rule: string;
  reason: string;
}

export const GATE_EXCEPTIONS: readonly GateException[] = [];
