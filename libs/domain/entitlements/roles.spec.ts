import type { Role } from '#libs/contracts/identity.js';
import { type RoleSources, rolesOf } from './roles.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const sub = (subscriptionType: string, startsAt: string, expiresAt: string) => ({
  subscriptionType,
  startsAt,
  expiresAt,
});
const none: RoleSources = { subscriptions: [], products: [] };

const table: [string, RoleSources, Role[]][] = [
  ['no entitlements', none, []],
  [
    'active qmpcomplete',
    { ...none, subscriptions: [sub('qmpcomplete', '2026-01-01', '2026-07-05')] },
    ['qmpcomplete', 'elearning', 'streaming'],
  ],
  ['expired qmpcomplete', { ...none, subscriptions: [sub('qmpcomplete', '2025-01-01', '2026-01-01')] }, []],
  ['not yet started qmpcomplete', { ...none, subscriptions: [sub('qmpcomplete', '2026-07-01', '2027-07-01')] }, []],
  [
    'active elearning',
    { ...none, subscriptions: [sub('elearning', '2026-01-01', '2027-01-01')] },
    ['elearning', 'streaming'],
  ],
  [
    'active streaming_all',
    { ...none, subscriptions: [sub('streaming_all', '2026-01-01', '2027-01-01')] },
    ['streaming_all', 'streaming'],
  ],
  ['cme active this year', { ...none, subscriptions: [sub('cme', '2026-02-01', '2027-01-01')] }, ['cme', 'cmePrint']],
  ['cme of an earlier year', { ...none, subscriptions: [sub('cme', '2024-02-01', '2025-01-01')] }, ['cmePrint']],
  [
    'complete plus cme this year',
    {
      ...none,
      subscriptions: [sub('qmpcomplete', '2026-01-01', '2027-01-01'), sub('cme', '2026-01-01', '2027-01-01')],
    },
    ['qmpcomplete', 'elearning', 'cme', 'cmePrint', 'streaming'],
  ],
  ['product access of type iflap', { ...none, products: [{ productType: 'iflap' }] }, ['iflap']],
  ['product access of type STREAMING', { ...none, products: [{ productType: 'STREAMING' }] }, ['streaming']],
  ['product access of type BOTH', { ...none, products: [{ productType: 'BOTH' }] }, ['streaming']],
  ['product access of type BOOK', { ...none, products: [{ productType: 'BOOK' }] }, []],
];

describe('roles from entitlements', () => {
  it.each(table)('%s', (_name, entitlements, roles) => {
    expect(rolesOf(entitlements, now)).toEqual(roles);
  });
});
