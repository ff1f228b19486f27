import { ApiProperty } from '@nestjs/swagger';

/** One public key of /.well-known/jwks.json (RFC 7517, an Ed25519 key of RFC 8037). */
export class PublicJwkDto {
  @ApiProperty({ enum: ['OKP'], description: 'Key type: an octet key pair' }) kty!: string;
  @ApiProperty({ enum: ['Ed25519'], description: 'The curve' }) crv!: string;
  @ApiProperty({ description: 'The public key (base64url)' }) x!: string;
  @ApiProperty({ description: "The key's id (RFC 7638 thumbprint), named in every signature's header" }) kid!: string;
  @ApiProperty({ enum: ['EdDSA'] }) alg!: string;
  @ApiProperty({ enum: ['sig'] }) use!: string;
}

export class JwksDto {
  @ApiProperty({ type: [PublicJwkDto], description: 'Every key the shop ever signed with: the current one first' })
  keys!: PublicJwkDto[];
}
