import { Module } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { createSigner } from '#libs/signing/create-signer.js';
import { PgSigner } from '#libs/signing/pg-signer.js';
import { SIGNER } from '#libs/signing/signer.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { JwksController } from './jwks.controller.js';

/**
 * The shop's signature (libs/signing): SIGNER (sign, jwks) for the features that sign, PgSigner for
 * what rotates keys, and the public route GET /.well-known/jwks.json.
 */
@Module({
  controllers: [JwksController],
  providers: [
    {
      provide: PgSigner,
      inject: [CONFIG, PG_POOL, Clock],
      useFactory: (config: Config, pool: Pool, clock: Clock) => createSigner(config, pool, clock),
    },
    { provide: SIGNER, useExisting: PgSigner },
  ],
  exports: [SIGNER, PgSigner],
})
export class SigningModule {}
