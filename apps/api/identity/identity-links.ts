import type { Config } from '#libs/config/config.js';

/** Base address of mailed links: PUBLIC_URL, or the local shop. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
