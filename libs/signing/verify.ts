import { type JWK, compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import { SIGNING_ALG } from './pg-signer.js';

/** A JWS checked against a set of public keys: its payload, or why it does not verify. */
export type JwsCheck =
  | { valid: true; kid: string; typ: string | undefined; payload: Record<string, unknown> }
  | { valid: false; kid: string | null; reason: string };

/**
 * Verifies a compact JWS of the shop (EdDSA) with the published keys, as anyone holding
 * /.well-known/jwks.json can: no call to the shop, any key ever published (current or retired).
 */
export async function verifyJws(jws: string, jwks: { keys: JWK[] }): Promise<JwsCheck> {
  let kid: string | null;
  try {
    kid = decodeProtectedHeader(jws).kid ?? null;
  } catch {
    return { valid: false, kid: null, reason: 'not a compact JWS' };
  }
  try {
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks), {
      algorithms: [SIGNING_ALG],
    });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { valid: false, kid, reason: 'the payload is not a JSON object' };
    }
    return {
      valid: true,
      kid: protectedHeader.kid ?? '',
      typ: protectedHeader.typ,
      payload: parsed as Record<string, unknown>,
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'ERR_JWKS_NO_MATCHING_KEY'
        ? `no published key ${kid ?? '(no kid)'}`
        : code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
          ? 'the signature does not match'
          : `does not verify (${error instanceof Error ? error.message : String(error)})`;
    return { valid: false, kid, reason };
  }
}
