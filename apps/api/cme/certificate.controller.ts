import {
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
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
  CERTIFICATE_UNKNOWN,
  CME_CERTIFICATE_NOT_ISSUED,
  CME_INFO_MISSING_ERROR,
  CME_NO_CREDITS,
  type CmeCertificateInfo,
  type CmeVerifyResponse,
  cmeCertificateFileName,
} from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer } from '../kernel/errors.responses.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import { parseYear } from './cme-params.js';
import { CmeQueries } from './cme-queries.js';
import { IssueCmeCertificateCommand } from './cme.messages.js';
import { CmeCertificateInfoDto, CmeVerifyDto } from './cme.responses.js';

const YEAR_QUERY = ApiQuery({
  name: 'year',
  required: false,
  description: '2020..the current year (default the current year)',
});
const BAD_YEAR = 'A year outside 2020..the current year';
const ROLE_NEEDED = `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`;

/** Where a certificate came from: its number and when it was issued. */
interface Issued {
  number: string;
  issuedAt: string;
}

/**
 * The yearly certificate (roles cme or cmePrint) and its public verification. Issuing is a command
 * (POST: refused while the accreditor's information is missing or the year has no credits; once per
 * customer and year, CmeCertificateIssued in the year stream); the two GETs only read what was
 * issued and answer 404 before that, so a download never writes.
 */
@ApiTags('cme')
@Controller('cme')
export class CertificateController {
  constructor(
    private readonly clock: Clock,
    private readonly queries: CmeQueries,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('certificate')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({
    summary: 'Issues the yearly CME certificate (a repeat answers the one already issued); answers what it prints',
  })
  @YEAR_QUERY
  @ApiOkResponse({ type: CmeCertificateInfoDto, description: 'The certificate of the year (issued now or before)' })
  @ApiError(400, `${BAD_YEAR}, or "${CME_INFO_MISSING_ERROR}"`)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(409, `"${CME_NO_CREDITS}", or "${CONCURRENT_CHANGE}"`)
  async issue(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Query('year') yearText?: string,
  ): Promise<CmeCertificateInfo> {
    const year = parseYear(yearText, this.clock.now());
    const issued = await this.commands.execute(new IssueCmeCertificateCommand(user.customerId, year));
    return this.infoOf(user.customerId, year, issued, request);
  }

  @Get('certificate')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({ summary: 'The issued yearly CME certificate (PDF)' })
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
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('year') year?: string,
  ): Promise<StreamableFile> {
    const info = await this.issuedInfo(user, request, year);
    const pdf = await renderCertificatePdf(info);
    void reply.header('content-disposition', `attachment; filename="${cmeCertificateFileName(info.YEAR)}"`);
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length });
  }

  @Get('certificate/info')
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('cme', 'cmePrint')
  @ApiRequiredBearer()
  @ApiOperation({
    summary: 'What the issued yearly certificate prints (number, name, activities, total, verify address)',
  })
  @YEAR_QUERY
  @ApiOkResponse({ type: CmeCertificateInfoDto })
  @ApiError(400, BAD_YEAR)
  @ApiError(403, ROLE_NEEDED)
  @ApiError(404, CME_CERTIFICATE_NOT_ISSUED)
  async info(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Query('year') year?: string,
  ): Promise<CmeCertificateInfo> {
    return this.issuedInfo(user, request, year);
  }

  @Get('verify/:number')
  @ApiOperation({ summary: 'Public: confirms a genuine certificate (name, year, credits)' })
  @ApiOkResponse({ type: CmeVerifyDto })
  @ApiError(400, 'A number with control characters')
  @ApiError(404, CERTIFICATE_UNKNOWN)
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

  /** The certificate the year's stream issued, from the read model only (404 before it was issued). */
  private async issuedInfo(user: AuthUser, request: FastifyRequest, yearText?: string): Promise<CmeCertificateInfo> {
    const year = parseYear(yearText, this.clock.now());
    const issued = await this.queries.certificateOf(user.customerId, year);
    if (!issued) throw new NotFoundException(CME_CERTIFICATE_NOT_ISSUED);
    return this.infoOf(
      user.customerId,
      year,
      { number: issued.number, issuedAt: issued.issuedAt.toISOString() },
      request,
    );
  }

  private async infoOf(
    customerId: string,
    year: number,
    issued: Issued,
    request: FastifyRequest,
  ): Promise<CmeCertificateInfo> {
    const [totals, name, activities] = await Promise.all([
      this.queries.totals(customerId, year),
      this.queries.physicianName(customerId),
      this.queries.activities(customerId, year),
    ]);
    const origin = this.config.PUBLIC_URL ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    return {
      NUMBER: issued.number,
      NAME: name,
      YEAR: year,
      TOTALCREDIT: totals.totalCredit,
      SAFETYTOTAL: totals.safetyTotal,
      ACTIVITIES: activities,
      VERIFYURL: `${origin.replace(/\/$/, '')}/verify/${issued.number}`,
      ISSUED_AT: issued.issuedAt,
    };
  }
}
