export { SigningModule } from './signing.module.js';
export { JWKS_PATH } from './jwks.controller.js';
export { SIGNER, type Signer, type SignedJws } from '#libs/signing/signer.js';
export { PgSigner } from '#libs/signing/pg-signer.js';
