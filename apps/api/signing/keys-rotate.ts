/**
 * `npm run keys:rotate`: makes a new current signing key (docs/operations.md, Signing keys). The old key
 * stops signing and stays published at /.well-known/jwks.json, so every credential and seal it signed
 * keeps verifying. Stop the shop first in embedded mode (the command starts the embedded database).
 */
import { SystemClock } from '#libs/application/clock.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createSigner } from '#libs/signing/create-signer.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const config = await operatorConfig();
let code = 0;
await withCliDatabase(config, async (pool) => {
  try {
    const rotation = await createSigner(config, pool, new SystemClock()).rotate();
    process.stdout.write(
      `New signing key ${rotation.kid}` +
        (rotation.retired
          ? `; key ${rotation.retired} retired (still published, what it signed still verifies)\n`
          : '\n'),
    );
  } catch (error) {
    process.stderr.write(`Key rotation failed: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
});
process.exit(code);
