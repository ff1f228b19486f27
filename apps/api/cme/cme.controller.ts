import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Clock } from '#libs/application/clock.js';
import {
  CME_CAP_REACHED,
  CME_RETAKE_COOLDOWN_HOURS,
  type CmeSummaryResponse,
  type CmeTestListResponse,
  type CmeTestResponse,
  type CmeTestSaveResponse,
  type CmeRecordOutcome,
  type CmeTestType,
  cmeNotPassedMessage,
  cmeSubmittedMessage,
} from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { CmeRecordData } from '#libs/domain/cme/cme.events.js';
import { cooldownEnd, retakeOpensAt } from '#libs/domain/cme/cme.retake.js';
import { cmeOutcomeOf } from '#libs/domain/cme/cme.scoring.js';
import { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { IdPipe } from '../kernel/id.pipe.js';
import { TestTypePipe, parseYear } from './cme-params.js';
import { CmeQueries } from './cme-queries.js';
import { CmeRetakes } from './cme-retake.js';
import { CmeTestList } from './cme-test-list.js';
import { CmeTests } from './cme-tests.js';
import { CmeTestSaveDto } from './cme.dto.js';
import { SubmitCmeTestCommand } from './cme.messages.js';
import { CmeSummaryDto, CmeTestDto, CmeTestListDto, CmeTestSavedDto } from './cme.responses.js';

const CmeError = ApiError;

/**
 * What a save says: the spec's success text only for a submit that earned credit; a submit without a
 * right answer is told so with how many were right; one the cap left nothing says the cap.
 */
const MESSAGES: Record<CmeRecordOutcome, (saved: CmeRecordData) => string> = {
  completed: (saved) => cmeSubmittedMessage(saved.creditsAwarded),
  not_passed: (saved) => cmeNotPassedMessage(saved.correct),
  over_cap: () => CME_CAP_REACHED,
};

/** The CME center and the test page (signed-in sections 2, 3, 6, 8, 9). */
@ApiTags('cme')
@Controller('cme')
@UseGuards(JwtAuthGuard, RolesGuard)
@ApiRequiredBearer()
export class CmeController {
  constructor(
    private readonly clock: Clock,
    private readonly tests: CmeTests,
    private readonly queries: CmeQueries,
    private readonly available: CmeTestList,
    private readonly retakes: CmeRetakes,
    private readonly commands: CommandBus,
  ) {}

  @Get('summary')
  @Roles('cme', 'cmePrint')
  @ApiOperation({ summary: 'The CME summary of a year: totals, CMEINFOMISSING, a row per record' })
  @ApiQuery({ name: 'year', required: false, description: '2020..the current year (default the current year)' })
  @ApiOkResponse({ type: CmeSummaryDto })
  @CmeError(400, 'A year outside 2020..the current year')
  @CmeError(403, `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`)
  async summary(@CurrentUser() user: AuthUser, @Query('year') year?: string): Promise<CmeSummaryResponse> {
    const now = this.clock.now();
    return this.queries.summary(user.customerId, parseYear(year, now), now);
  }

  @Get('tests')
  @Roles('cme')
  @ApiOperation({
    summary:
      'The tests the user can take this year (modules bought this year, streaming products the user may watch, tests taken this year), each with its state',
  })
  @ApiOkResponse({ type: CmeTestListDto })
  @CmeError(403, `${FORBIDDEN_ROLE} (no role cme)`)
  async list(@CurrentUser() user: AuthUser): Promise<CmeTestListResponse> {
    return this.available.of(user.customerId, this.clock.now());
  }

  @Get('tests/:TYPE/:ID')
  @Roles('cme')
  @ApiOperation({
    summary:
      'The test of a product: four questions (no answer key), this year’s record, if any, and when a retake opens',
  })
  @ApiOkResponse({ type: CmeTestDto })
  @CmeError(400, 'A TYPE other than streaming or module, or an ID that is not a whole number')
  @CmeError(403, `${FORBIDDEN_ROLE} (no role cme)`)
  @CmeError(404, 'No CME test for this product')
  async test(
    @CurrentUser() user: AuthUser,
    @Param('TYPE', TestTypePipe) type: CmeTestType,
    @Param('ID', new IdPipe('ID')) id: number,
  ): Promise<CmeTestResponse> {
    const test = await this.tests.resolve(type, id);
    const now = this.clock.now();
    const [record, evidence] = await Promise.all([
      this.queries.record(user.customerId, now.getUTCFullYear(), test.testType, test.productId),
      this.retakes.evidence(user.customerId, test.productId),
    ]);
    const facts = { lastSubmitAt: record?.created_at ?? null, lastLongViewAt: evidence.lastLongViewAt };
    return {
      TYPE: test.testType,
      PRODUCTID: test.productId,
      NAME: test.name,
      CREDITS: test.credits,
      SAFETYCREDITS: test.safety ? test.credits : 0,
      QUESTIONS: test.questions,
      RECORD: record,
      RETAKE_OPENS_AT: retakeOpensAt(facts, now.toISOString()),
      RETAKE_BY_VIEWING: evidence.retakeByViewing,
    };
  }

  @Post('tests/:TYPE/:ID')
  @HttpCode(200)
  @Roles('cme')
  @ApiOperation({
    summary:
      'Save a test: 0.5 credit per right answer; a repeat updates this year’s record once its retake opens; the year never passes 20',
  })
  @ApiOkResponse({ type: CmeTestSavedDto, description: 'Saved (TOTAL 0 and CAPPED 1 when the cap left nothing)' })
  @CmeError(400, `${BAD_BODY}; "Please answer all four questions."; a bad TYPE or ID`)
  @CmeError(403, `${FORBIDDEN_ROLE} (no role cme)`)
  @CmeError(404, 'No CME test for this product')
  @CmeError(
    409,
    `A retake before it opens (ERROR names when: ${CME_RETAKE_COOLDOWN_HOURS} hours after the last submit, or after a long view of its video); or ${CONCURRENT_CHANGE} (the year’s record kept changing under concurrent submits)`,
  )
  async save(
    @CurrentUser() user: AuthUser,
    @Param('TYPE', TestTypePipe) type: CmeTestType,
    @Param('ID', new IdPipe('ID')) id: number,
    @Body() body: CmeTestSaveDto,
  ): Promise<CmeTestSaveResponse> {
    const saved = await this.commands.execute(new SubmitCmeTestCommand(user.customerId, type, id, body.ANSWERS));
    const outcome = cmeOutcomeOf(saved);
    return {
      TOTAL: saved.creditsAwarded,
      SAFETYCREDITS: saved.safetyCredits,
      USERCMEID: saved.recordId,
      CAPPED: saved.creditsCut > 0 ? 1 : 0,
      YEARTOTAL: saved.yearTotal,
      MESSAGE: MESSAGES[outcome](saved),
      RETAKE_OPENS_AT: cooldownEnd(saved.submittedAt),
      OUTCOME: outcome,
      CORRECT: saved.correct,
    };
  }
}
