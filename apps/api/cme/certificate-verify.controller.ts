import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Ip,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  CERTIFICATE_UNKNOWN,
  CME_CREDENTIAL_NONE,
  CME_PDF_MAX_BYTES,
  CME_PDF_REQUIRED,
  CME_SHA256_INVALID,
  CME_VERIFY_TOO_MANY,
  type CmeVerifyResponse,
} from '#libs/contracts/cme.js';
import type { CmeCertificateRow } from '#libs/read-models/cme-certificates.js';
import { ApiError, ApiTooManyAttempts, ErrorBodyDto } from '../kernel/errors.responses.js';
import { canonicalCertificateNumber } from './certificate-number.js';
import { sha256OfBytes } from './certificate-pdf.js';
import { VerifyThrottle } from './certificate-throttle.js';
import { verifyViewOf } from './certificate-views.js';
import { CmeQueries } from './cme-queries.js';
import { CmeVerifyDto } from './cme.responses.js';

const NUMBER_PARAM = ApiParam({
  name: 'number',
  description: 'The certificate number (case, spaces and dashes do not matter; O, I and L read as 0, 1, 1)',
});
const UNKNOWN = `"${CERTIFICATE_UNKNOWN}" (the same for every number no certificate carries)`;
const SHA256 = /^[0-9a-fA-F]{64}$/;
/** The router's own refusal (apps/api/kernel/http-hardening.ts): a number with control characters or too long a path part. */
const UNREADABLE = 'a number the router cannot read (control characters, broken percent-encoding)';

/**
 * Public verification of a CME certificate, for a licensing board or an accreditor: what was issued
 * under a number (never today's figures), its status (valid, superseded by a later number, revoked
 * with date and reason), the PDF's SHA-256, whether a given PDF (or its hash) is byte for byte the one
 * issued, and the signed credential. Throttled per address (VerifyThrottle) before anything is looked
 * up; an unknown number answers the same 404 whatever it is. Reads only.
 */
@ApiTags('cme')
@Controller('cme/verify')
export class CertificateVerifyController {
  constructor(
    private readonly queries: CmeQueries,
    private readonly throttle: VerifyThrottle,
  ) {}

  @Get(':number')
  @ApiOperation({
    summary:
      'Public: a certificate as issued, its status and PDF hash; with ?sha256= whether that PDF is the one issued',
  })
  @NUMBER_PARAM
  @ApiQuery({ name: 'sha256', required: false, description: 'SHA-256 (64 hex characters) of a PDF to compare' })
  @ApiOkResponse({ type: CmeVerifyDto })
  @ApiError(400, `"${CME_SHA256_INVALID}", or ${UNREADABLE}`)
  @ApiError(404, UNKNOWN)
  @ApiTooManyAttempts(CME_VERIFY_TOO_MANY)
  async verify(
    @Param('number') number: string,
    @Ip() ip: string,
    @Query('sha256') sha256?: string,
  ): Promise<CmeVerifyResponse> {
    if (sha256 !== undefined && !SHA256.test(sha256)) throw new BadRequestException({ message: [CME_SHA256_INVALID] });
    await this.throttle.take(ip);
    const row = await this.issued(number);
    return verifyViewOf(row, await this.queries.physicianName(row.customerId), sha256?.toLowerCase() ?? null);
  }

  @Post(':number')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Public: a certificate as issued, and whether the PDF sent is byte for byte the one issued',
  })
  @NUMBER_PARAM
  @ApiConsumes('application/pdf', 'application/octet-stream')
  @ApiBody({
    description: `The PDF to check (at most ${CME_PDF_MAX_BYTES} bytes)`,
    required: true,
    schema: { type: 'string', format: 'binary' },
  })
  @ApiOkResponse({ type: CmeVerifyDto, description: 'The verification, with PDFMATCH' })
  @ApiError(400, `"${CME_PDF_REQUIRED}", or ${UNREADABLE}`)
  @ApiError(404, UNKNOWN)
  @ApiResponse({ status: 413, description: 'A body over the limit', type: ErrorBodyDto })
  @ApiResponse({
    status: 415,
    description: 'A body that is not application/pdf (or application/octet-stream)',
    type: ErrorBodyDto,
  })
  @ApiTooManyAttempts(CME_VERIFY_TOO_MANY)
  async checkPdf(@Param('number') number: string, @Ip() ip: string, @Body() body: unknown): Promise<CmeVerifyResponse> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw new BadRequestException({ message: [CME_PDF_REQUIRED] });
    await this.throttle.take(ip);
    const row = await this.issued(number);
    return verifyViewOf(row, await this.queries.physicianName(row.customerId), sha256OfBytes(body));
  }

  @Get(':number/credential')
  @ApiOperation({
    summary: 'Public: the certificate’s signed credential, a compact JWS (EdDSA) checkable with /.well-known/jwks.json',
  })
  @NUMBER_PARAM
  @ApiOkResponse({ description: 'The compact JWS', content: { 'application/jose': { schema: { type: 'string' } } } })
  @ApiError(400, `An address with ${UNREADABLE}`)
  @ApiError(404, `${UNKNOWN}, or "${CME_CREDENTIAL_NONE}"`)
  @ApiTooManyAttempts(CME_VERIFY_TOO_MANY)
  async credential(
    @Param('number') number: string,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.throttle.take(ip);
    const row = await this.issued(number);
    if (!row.credential) throw new NotFoundException(CME_CREDENTIAL_NONE);
    void reply
      .header('content-type', 'application/jose')
      .header('content-disposition', `attachment; filename="cme-certificate-${row.number}.jws"`);
    return row.credential;
  }

  /** The certificate of a number as typed, or the one 404 every unknown number gets. */
  private async issued(typed: string): Promise<CmeCertificateRow> {
    const row = typed.length <= 64 ? await this.queries.certificate(canonicalCertificateNumber(typed)) : null;
    if (!row) throw new NotFoundException(CERTIFICATE_UNKNOWN);
    return row;
  }
}
