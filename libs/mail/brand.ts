import type { Config } from '#libs/config/config.js';

/** What every mail says about the shop: its name, its address and where to ask (config, docs/operations.md). */
export interface MailBrand {
  shopName: string;
  /** The public address of the shop, without a trailing slash: every link of a mail starts with it. */
  baseUrl: string;
  supportEmail: string;
}

/** The brand of the configured shop. */
export function mailBrand(config: Pick<Config, 'SHOP_NAME' | 'MAIL_SUPPORT_EMAIL' | 'PUBLIC_URL' | 'PORT'>): MailBrand {
  return {
    shopName: config.SHOP_NAME,
    baseUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    supportEmail: config.MAIL_SUPPORT_EMAIL,
  };
}

/**
 * The pages mails link to (web/src/app/router.tsx). Each subscription's auto-renew switch is on the
 * account page's Subscriptions tab, beside its expiry.
 */
export const MAIL_PATHS = {
  orders: '/user/account#orders',
  subscriptions: '/user/account#subscriptions',
  autoRenew: '/user/account#subscriptions',
  contact: '/static/contact',
  cmeCenter: '/cme-center',
  verify: (number: string) => `/verify/${encodeURIComponent(number)}`,
  renew: (subscriptionType: string) => `/cart?renew=${subscriptionType}&term=1`,
} as const;

/** An absolute link of the shop. */
export const shopLink = (brand: MailBrand, path: string): string => `${brand.baseUrl}${path}`;

/** Integer cents as the shop shows them: $1,234.50. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO date or time as a reader reads it, in UTC (the shop's dates are UTC): June 20, 2026. */
export function longDate(iso: string): string {
  const time = Date.parse(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(time);
}
