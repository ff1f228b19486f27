import type { Coupon } from './coupon.rules.js';

/** A coupon for the domain's specs: only what a spec names, the rest plain (no expiry, no role, typed in). */
export const coupon = (over: Partial<Coupon> & Pick<Coupon, 'code'>): Coupon => ({
  percent: 0,
  amountCents: null,
  dollarsOverCents: 0,
  types: [],
  expires: null,
  auto: false,
  role: null,
  ...over,
});

/** The six demo coupons of docs/demo-data.md, as the demo coupons.csv defines them. */
export const complete = coupon({
  code: 'complete',
  percent: 20,
  dollarsOverCents: 1000,
  types: ['event'],
  role: 'qmpcomplete',
});
export const completeWebcast = coupon({
  code: 'COMPLETEWEBCAST',
  percent: 20,
  dollarsOverCents: 20000,
  types: ['STREAMING'],
});
/** The combo: AUTO, $100 off, REQUIRES the Complete package (130) then the CME package (155). */
export const combo = coupon({ code: 'CMEComplete combo', amountCents: 10000, auto: true, requires: [130, 155] });
export const welcome10 = coupon({ code: 'WELCOME10', percent: 10 });
export const books100 = coupon({ code: 'BOOKS100', percent: 15, dollarsOverCents: 10000, types: ['BOOK'] });
export const expired1 = coupon({ code: 'EXPIRED1', percent: 25, expires: '2024-12-31' });
