import type { JWK } from 'jose';

/** A compact JWS and the id of the key that signed it. */
export interface SignedJws {
  jws: string;
  kid: string;
}

/**
 * The shop's signature (docs/operations.md, Signing keys): Ed25519 keys kept in PostgreSQL, one current,
 * the retired ones still published so what they signed keeps verifying.
 */
export interface Signer {
  /** Compact JWS (alg EdDSA, Ed25519) of the JSON payload; header {alg, kid, typ}. The current key. */
  sign(payload: Record<string, unknown>, typ: string): Promise<SignedJws>;
  /** Every public key, current and retired (never removed, so old signatures keep verifying). */
  jwks(): Promise<{ keys: JWK[] }>;
}

/** Nest token of the Signer (apps/api/signing/signing.module.ts provides it). */
export const SIGNER = Symbol('SIGNER');
