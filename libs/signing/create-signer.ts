import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { signingKeyEncryptionKey } from './key-encryption.js';
import { PgSigner } from './pg-signer.js';

/**
 * The shop's signer for any process (API, projector, command-line tools): keys in the PostgreSQL of
 * `pool`, private halves encrypted under a key derived from DOB_ENCRYPTION_KEY (resolved from the
 * environment or DATA_DIR/secrets.json before this is called).
 */
export function createSigner(config: Pick<Config, 'DOB_ENCRYPTION_KEY'>, pool: Pool, clock: Clock): PgSigner {
  if (!config.DOB_ENCRYPTION_KEY)
    throw new Error('DOB_ENCRYPTION_KEY is not configured: the signing keys are encrypted with it');
  return new PgSigner({ pool, clock, encryptionKey: signingKeyEncryptionKey(config.DOB_ENCRYPTION_KEY) });
}
