import {
  CompactSign,
  type CryptoKey,
  type JWK,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
} from 'jose';
import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { withAdvisoryLock } from '#libs/database/transaction.js';
import { decryptPrivateKey, encryptPrivateKey } from './key-encryption.js';
import type { SignedJws, Signer } from './signer.js';

/** The JWS algorithm of every key: EdDSA over Ed25519 (RFC 8037). */
export const SIGNING_ALG = 'EdDSA';

/**
 * The keys (never a read model: nothing rebuilds them, a backup must keep them). At most one current key
 * (retired_at NULL); a retired key keeps its public half published for ever.
 */
export const SIGNING_KEYS_SCHEMA = `
CREATE TABLE IF NOT EXISTS signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk_encrypted text NOT NULL,
  created_at timestamptz NOT NULL,
  retired_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS signing_keys_one_current ON signing_keys ((retired_at IS NULL)) WHERE retired_at IS NULL`;

interface KeyRow {
  kid: string;
  private_jwk_encrypted: string;
}

/** What a rotation did: the new current key, and the one it retired (null when there was none). */
export interface Rotation {
  kid: string;
  retired: string | null;
}

/** The public JWK as published: the key's own fields plus its id, algorithm and use. */
const published = (jwk: JWK, kid: string): JWK => ({
  kty: jwk.kty,
  crv: jwk.crv,
  x: jwk.x,
  kid,
  alg: SIGNING_ALG,
  use: 'sig',
});

/** Reads the published keys straight from the table (the audit's check needs no key-encryption key). */
export async function publishedJwks(pool: Pick<Pool, 'query'>): Promise<{ keys: JWK[] }> {
  try {
    const { rows } = await pool.query<{ public_jwk: JWK }>(
      'SELECT public_jwk FROM signing_keys ORDER BY retired_at DESC NULLS FIRST, created_at DESC, kid',
    );
    return { keys: rows.map((r) => r.public_jwk) };
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return { keys: [] }; // 42P01: nothing signed yet
    throw error;
  }
}

/**
 * The Signer on PostgreSQL: an Ed25519 key is created on first use; `rotate` makes a new current key
 * and retires the old one (still published). Every process of the shop (API replicas, the projector,
 * the command-line tools) reads the current key at each signature, so a rotation anywhere is seen at once.
 */
export class PgSigner implements Signer {
  /** Creates the table once per process; concurrent starts are serialised by an advisory lock. */
  private readonly ready = onceSucceeded(() =>
    withAdvisoryLock(this.deps.pool, 'signing_keys', (client) => client.query(SIGNING_KEYS_SCHEMA)),
  );
  /** Decrypted private keys by kid (a key never changes once written). */
  private readonly privateKeys = new Map<string, Promise<CryptoKey>>();

  constructor(
    private readonly deps: {
      pool: Pool;
      clock: Clock;
      /** The key-encryption key (signingKeyEncryptionKey of the shop's DOB_ENCRYPTION_KEY). */
      encryptionKey: Buffer;
    },
  ) {}

  async sign(payload: Record<string, unknown>, typ: string): Promise<SignedJws> {
    const { kid, privateKey } = await this.currentKey();
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ })
      .sign(privateKey);
    return { jws, kid };
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.ready();
    return publishedJwks(this.deps.pool);
  }

  /** Makes a new current key; the old one stops signing and stays published. */
  async rotate(): Promise<Rotation> {
    await this.ready();
    const key = await this.newKey();
    return withAdvisoryLock(this.deps.pool, 'signing_keys', async (client) => {
      const { rows } = await client.query<{ kid: string }>(
        'UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL RETURNING kid',
        [this.deps.clock.now()],
      );
      await client.query(
        `INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk_encrypted, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [key.kid, SIGNING_ALG, key.publicJwk, key.encrypted, this.deps.clock.now()],
      );
      return { kid: key.kid, retired: rows[0]?.kid ?? null };
    });
  }

  /** The current key, created when there is none (two processes at once: one insert wins, both use it). */
  private async currentKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    await this.ready();
    let row = await this.currentRow();
    if (!row) {
      const key = await this.newKey();
      await this.deps.pool.query(
        `INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk_encrypted, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [key.kid, SIGNING_ALG, key.publicJwk, key.encrypted, this.deps.clock.now()],
      );
      row = await this.currentRow();
      if (!row) throw new Error('No current signing key after creating one');
    }
    const { kid, private_jwk_encrypted } = row;
    let privateKey = this.privateKeys.get(kid);
    if (!privateKey) {
      const jwk = JSON.parse(decryptPrivateKey(private_jwk_encrypted, this.deps.encryptionKey, kid)) as JWK;
      privateKey = importJWK(jwk, SIGNING_ALG) as Promise<CryptoKey>;
      this.privateKeys.set(kid, privateKey);
      privateKey.catch(() => this.privateKeys.delete(kid));
    }
    return { kid, privateKey: await privateKey };
  }

  private async currentRow(): Promise<KeyRow | null> {
    const { rows } = await this.deps.pool.query<KeyRow>(
      'SELECT kid, private_jwk_encrypted FROM signing_keys WHERE retired_at IS NULL',
    );
    return rows[0] ?? null;
  }

  private async newKey(): Promise<{ kid: string; publicJwk: JWK; encrypted: string }> {
    const pair = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
    const publicKey = await exportJWK(pair.publicKey);
    // RFC 7638 thumbprint: the id follows from the key itself.
    const kid = await calculateJwkThumbprint(publicKey);
    const privateJwk = await exportJWK(pair.privateKey);
    return {
      kid,
      publicJwk: published(publicKey, kid),
      encrypted: encryptPrivateKey(JSON.stringify(privateJwk), this.deps.encryptionKey, kid),
    };
  }
}
