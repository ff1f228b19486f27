import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JWK } from 'jose';
import { SIGNER, type Signer } from '#libs/signing/signer.js';
import { JwksDto } from './jwks.responses.js';

/** Where the public keys live (RFC 8615 well-known URI), outside /api: bootstrap.ts leaves it out of the prefix. */
export const JWKS_PATH = '.well-known/jwks.json';

/**
 * The shop's public keys, for anyone to check a signed CME credential or a seal of the CME log without
 * asking the shop (docs/operations.md, Signing keys). Public; a verifier may cache it for five minutes
 * and fetch it again when a signature names a key it does not hold.
 */
@ApiTags('signing')
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(SIGNER) private readonly signer: Signer) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  // Anyone's checker may fetch it, from a page on any origin too.
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cross-Origin-Resource-Policy', 'cross-origin')
  @ApiOperation({ summary: 'The public keys of every signature the shop makes (current and retired)' })
  @ApiOkResponse({ type: JwksDto, description: 'A JSON Web Key Set' })
  jwks(): Promise<{ keys: JWK[] }> {
    return this.signer.jwks();
  }
}
