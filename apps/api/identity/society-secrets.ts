import type { Config } from '#libs/config/config.js';
import { demoSocieties } from '../seed/index.js';

/** The society id used by the demo and by `npm run society:link` when none is named. */
export const DEMO_SOCIETY_ID = 'demo-society';

/** Society id -> HMAC secret: config SOCIETY_SECRETS, or the one demo society of the seed files when unset. */
export function societySecrets(config: Pick<Config, 'SOCIETY_SECRETS'>): Record<string, string> {
  return config.SOCIETY_SECRETS ?? { ...demoSocieties };
}
