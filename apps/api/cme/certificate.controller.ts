import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Controller,
  Get,
  Inject,
  NotFoundException,
  Param,
  Query,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#libs/config/config.js';
import {
  CERTIFICATE_UNKNOWN,
  CME_INFO_MISSING_ERROR,
  CME_NO_CREDITS,
  type CmeCertificateInfo,
  type CmeVerifyResponse,
  cmeCertificateFileName,
} from '#libs/contracts/cme.js';
import { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer } from '../shared/errors.responses.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import { CmeClock } from './cme-clock.js';
import { CmeCommands } from './cme-commands.js';
import { parseYear } from './cme-params.js';
import { CmeQueries } from './cme-queries.js';
import { CmeCertificateInfoDto, CmeVerifyDto } from './cme.responses.js';

const CmeError = ApiError;
const YEAR_QUERY = ApiQuery({
  name: 'year',
  required: false,
  description: '2020..the current year (default the current year)',
});

/**
 * The yearly certificate (roles cme or cmePrint; refused while the accreditor's information is
 * missing or the year has no credits) and its public verification. The number is issued once per
 * customer and year (CmeCertificateIssued in the year stream) and stays the same on every download.
 */
@ApiTags('cme')
@Controller('cme')
export class CertificateController {
  constructor(
    private readonly clock: CmeClock,
    private readonly queries: CmeQueries,
    private readonly commands: CmeCommands,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('certificate')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({ summary: 'The yearly CME certificate (PDF)' })
  @YEAR_QUERY
  // The PDF is the 200's content alone: the errors stay JSON (ApiProduces would claim PDF for them too).
  @ApiOkResponse({
    description: 'The certificate',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @CmeError(400, `A bad year, or "${CME_INFO_MISSING_ERROR}"`)
  @CmeError(403, `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`)
  @CmeError(409, CME_NO_CREDITS)
  async pdf(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('year') year?: string,
  ): Promise<StreamableFile> {
    const info = await this.certificateOf(user, request, year);
    const pdf = await renderCertificatePdf(info);
    void reply.header('content-disposition', `attachment; filename="${cmeCertificateFileName(info.YEAR)}"`);
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length });
  }

  @Get('certificate/info')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({ summary: 'What the yearly certificate prints (number, name, activities, total, verify address)' })
  @YEAR_QUERY
  @ApiOkResponse({ type: CmeCertificateInfoDto })
  @CmeError(400, `A bad year, or "${CME_INFO_MISSING_ERROR}"`)
  @CmeError(403, `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`)
  @CmeError(409, CME_NO_CREDITS)
  async info(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Query('year') year?: string,
  ): Promise<CmeCertificateInfo> {
    return this.certificateOf(user, request, year);
  }

  @Get('verify/:number')
  @ApiOperation({ summary: 'Public: confirms a genuine certificate (name, year, credits)' })
  @ApiOkResponse({ type: CmeVerifyDto })
  @CmeError(400, 'A number with control characters')
  @CmeError(404, CERTIFICATE_UNKNOWN)
  async verify(@Param('number') number: string): Promise<CmeVerifyResponse> {
    const certificate = number.length <= 64 ? await this.queries.certificate(number.toUpperCase()) : null;
    if (!certificate) throw new NotFoundException(CERTIFICATE_UNKNOWN);
    const totals = await this.queries.totals(certificate.customerId, certificate.year);
    return {
      NUMBER: certificate.number,
      NAME: await this.queries.physicianName(certificate.customerId),
      YEAR: certificate.year,
      TOTALCREDIT: totals.totalCredit,
      SAFETYTOTAL: totals.safetyTotal,
      ISSUED_AT: certificate.issuedAt.toISOString(),
    };
  }

  private async certificateOf(user: AuthUser, request: FastifyRequest, yearText?: string): Promise<CmeCertificateInfo> {
    const now = this.clock.now();
    const year = parseYear(yearText, now);
    if (await this.queries.infoMissing(user.customerId)) throw new BadRequestException(CME_INFO_MISSING_ERROR);
    const totals = await this.queries.totals(user.customerId, year);
    if (!(totals.totalCredit > 0)) throw new ConflictException(CME_NO_CREDITS);
    const context = { actorId: user.customerId, correlationId: randomUUID() };
    const number = await this.commands.certificateNumber(user.customerId, year, now, context);
    const issued = await this.queries.certificate(number);
    const origin = this.config.PUBLIC_URL ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    return {
      NUMBER: number,
      NAME: await this.queries.physicianName(user.customerId),
      YEAR: year,
      TOTALCREDIT: totals.totalCredit,
      SAFETYTOTAL: totals.safetyTotal,
      ACTIVITIES: await this.queries.activities(user.customerId, year),
      VERIFYURL: `${origin.replace(/\/$/, '')}/verify/${number}`,
      ISSUED_AT: (issued?.issuedAt ?? now).toISOString(),
    };
  }
}
