import type { Role } from '#libs/contracts/identity.js';

/** The entitlements roles are derived from (the read model's rows, or a folded stream). */
export interface RoleSources {
  subscriptions: readonly { subscriptionType: string; startsAt: string; expiresAt: string }[];
  products: readonly { productType: string }[];
}

/** Order in which roles are listed (stable output for clients and tests). */
const ROLE_ORDER: readonly Role[] = [
  'qmpcomplete',
  'streaming_all',
  'elearning',
  'cme',
  'cmePrint',
  'streaming',
  'iflap',
];

/**
 * Roles of a customer at `now` (storefront section 6, docs/conventions.md). Pure.
 * - active qmpcomplete: qmpcomplete, streaming, elearning
 * - active elearning: elearning, streaming
 * - active streaming_all: streaming_all, streaming
 * - cme active this year: cme, cmePrint; a cme of an earlier year: cmePrint (the yearly certificate)
 * - product access of type iflap: iflap; of type STREAMING or BOTH: streaming
 */
export function rolesOf(entitlements: RoleSources, now: Date): Role[] {
  const roles = new Set<Role>();
  const t = now.getTime();
  for (const s of entitlements.subscriptions) {
    const starts = Date.parse(s.startsAt);
    const active = starts <= t && t < Date.parse(s.expiresAt);
    switch (s.subscriptionType) {
      case 'qmpcomplete':
        if (active) ['qmpcomplete', 'streaming', 'elearning'].forEach((r) => roles.add(r as Role));
        break;
      case 'elearning':
        if (active) ['elearning', 'streaming'].forEach((r) => roles.add(r as Role));
        break;
      case 'streaming_all':
        if (active) ['streaming_all', 'streaming'].forEach((r) => roles.add(r as Role));
        break;
      case 'cme':
        if (active && new Date(starts).getUTCFullYear() <= now.getUTCFullYear()) {
          roles.add('cme');
          roles.add('cmePrint');
        } else if (new Date(starts).getUTCFullYear() < now.getUTCFullYear()) {
          roles.add('cmePrint');
        }
        break;
    }
  }
  for (const p of entitlements.products) {
    const type = p.productType.toLowerCase();
    if (type === 'iflap') roles.add('iflap');
    if (type === 'streaming' || type === 'both') roles.add('streaming');
  }
  return ROLE_ORDER.filter((r) => roles.has(r));
}
