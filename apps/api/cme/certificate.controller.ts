import {
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import {
  CME_CERTIFICATE_NOT_ISSUED,
  CME_CERTIFICATE_REVOKED_ERROR,
  CME_INFO_MISSING_ERROR,
  CME_NO_CREDITS,
  type CmeCertificateInfo,
  cmeCertificateFileName,
  cmeCredentialFileName,
} from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { CmeCertificateRow } from '#libs/read-models/cme-certificates.js';
import { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer } from '../kernel/errors.responses.js';
import { CertificateFiles } from './certificate-files.js';
import { certificateInfoOf, issuedInfoOf } from './certificate-views.js';
import { parseYear } from './cme-params.js';
import { CmeQueries } from './cme-queries.js';
import { IssueCmeCertificateCommand } from './cme.messages.js';
import { CmeCertificateInfoDto } from './cme.responses.js';

const YEAR_QUERY = ApiQuery({
  name: 'year',
  required: false,
  description: '2020..the current year (default the current year)',
});
const BAD_YEAR = 'A year outside 2020..the current year';
const ROLE_NEEDED = `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`;
/** The compact serialization of a JWS (RFC 7515). */
const JOSE = 'application/jose';

/** The shop's public address: PUBLIC_URL, or the origin the request came to. */
export function originOf(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  const origin = config.PUBLIC_URL ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return origin.replace(/\/$/, '');
}

/**
 * The physician's yearly certificate (roles cme or cmePrint). Issuing is a command (POST: prints the
 * PDF with its verify address and QR code, keeps its bytes, records their SHA-256 and the signed
 * credential in CmeCertificateIssued; the same year printing the same answers the same certificate,
 * a changed year a new one superseding it). The GETs only read what was issued, byte for byte: they
 * never render anew and never write, and answer 404 before the POST. The public verification is
 * certificate-verify.controller.ts.
 */
@ApiTags('cme')
@Controller('cme')
export class CertificateController {
  constructor(
    private readonly clock: Clock,
    private readonly queries: CmeQueries,
    private readonly files: CertificateFiles,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('certificate')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({
    summary:
      'Issues the yearly CME certificate (PDF kept as issued, signed credential); the same credits answer the same certificate, changed ones a new number superseding it',
  })
  @YEAR_QUERY
  @ApiOkResponse({ type: CmeCertificateInfoDto, description: 'The year’s current certificate (issued now or before)' })
  @ApiError(400, `${BAD_YEAR}, or "${CME_INFO_MISSING_ERROR}"`)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(409, `"${CME_NO_CREDITS}", "${CME_CERTIFICATE_REVOKED_ERROR}", or "${CONCURRENT_CHANGE}"`)
  async issue(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Query('year') yearText?: string,
  ): Promise<CmeCertificateInfo> {
    const year = parseYear(yearText, this.clock.now());
    const issued = await this.commands.execute(
      new IssueCmeCertificateCommand(user.customerId, year, originOf(this.config, request)),
    );
    return issuedInfoOf(issued, year);
  }

  @Get('certificate')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({ summary: 'The year’s current CME certificate: the PDF as issued, byte for byte' })
  @YEAR_QUERY
  // The PDF is the 200's content alone: the errors stay JSON (ApiProduces would claim PDF for them too).
  @ApiOkResponse({
    description: 'The certificate',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiError(400, BAD_YEAR)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(404, CME_CERTIFICATE_NOT_ISSUED)
  async pdf(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('year') year?: string,
  ): Promise<StreamableFile> {
    const row = await this.current(user, year);
    const file = await this.files.of(row.number);
    if (!file) throw new NotFoundException(CME_CERTIFICATE_NOT_ISSUED);
    void reply.header('content-disposition', `attachment; filename="${cmeCertificateFileName(row.year)}"`);
    return new StreamableFile(file.pdf, { type: 'application/pdf', length: file.pdf.length });
  }

  @Get('certificate/info')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({
    summary: 'What the year’s current certificate printed (number, name, activities, totals, verify address, hash)',
  })
  @YEAR_QUERY
  @ApiOkResponse({ type: CmeCertificateInfoDto })
  @ApiError(400, BAD_YEAR)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(404, CME_CERTIFICATE_NOT_ISSUED)
  async info(@CurrentUser() user: AuthUser, @Query('year') year?: string): Promise<CmeCertificateInfo> {
    return certificateInfoOf(await this.current(user, year));
  }

  @Get('certificate/credential')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({
    summary:
      'The year’s current certificate as a signed credential: a compact JWS (EdDSA) checkable with /.well-known/jwks.json',
  })
  @YEAR_QUERY
  @ApiOkResponse({ description: 'The compact JWS', content: { [JOSE]: { schema: { type: 'string' } } } })
  @ApiError(400, BAD_YEAR)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(404, CME_CERTIFICATE_NOT_ISSUED)
  async credential(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('year') year?: string,
  ): Promise<string> {
    const row = await this.current(user, year);
    void reply
      .header('content-type', JOSE)
      .header('content-disposition', `attachment; filename="${cmeCredentialFileName(row.year)}"`);
    return row.credential!;
  }

  /** The year's current certificate as issued, from the read model only (404 before it was issued). */
  private async current(user: AuthUser, yearText?: string): Promise<CmeCertificateRow> {
    const year = parseYear(yearText, this.clock.now());
    const row = await this.queries.certificateOf(user.customerId, year);
    // A first-version certificate kept no PDF nor credential: printing again issues one that does.
    if (!row || row.version < 2 || !row.credential) throw new NotFoundException(CME_CERTIFICATE_NOT_ISSUED);
    return row;
  }
}
