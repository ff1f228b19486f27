import { Body, Controller, Get, Inject, Logger, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import {
  ACCOUNT_SAVED,
  BOARD_ID_MESSAGE,
  CME_LICENCE_FIELDS,
  type CmeInfo,
  type CmeInfoSaved,
  LICENSE_NUMBER_MESSAGE,
  LICENSE_PAIR_MESSAGE,
  LICENSE_STATE_MESSAGE,
} from '#libs/contracts/account.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { type CmeLicence, decryptCmeLicence, NO_CME_LICENCE } from '#libs/crypto/cme-licence.js';
import { decryptDob } from '#libs/crypto/dob.js';
import { encryptedDobOf, encryptedLicenceOf } from '#libs/read-models/customers.js';
import { type AuthUser, CurrentUser, FORBIDDEN_ROLE, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { CmeInfoDto, DOB_RANGE_MESSAGE } from './card-cme.dto.js';
import { RecordCmeInfoCommand } from './card-cme.messages.js';
import { CmeInfoBodyDto, CmeInfoSavedDto } from './card-cme.responses.js';

/**
 * The account page's CME info tab (signed-in section 2; roles cme or cmePrint): the date of birth,
 * recorded encrypted (at checkout or here), and the optional licence fields (licence state and number,
 * ABMS board id) the accreditor's PARS export identifies the physician by (docs/audit.md), encrypted
 * the same way; decrypted for their owner only. A customer without either role gets the RolesGuard's 403.
 */
@ApiTags('account')
@Controller('account/cme')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('cme', 'cmePrint')
@ApiRequiredBearer()
@ApiError(403, `${FORBIDDEN_ROLE} (neither role cme nor cmePrint)`)
export class CmeInfoController {
  private readonly logger = new Logger(CmeInfoController.name);

  constructor(
    private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The date of birth (MM/DD/YYYY) and the licence fields on record, each or null' })
  @ApiOkResponse({ type: CmeInfoBodyDto })
  async info(@CurrentUser() user: AuthUser): Promise<{ data: CmeInfo }> {
    return { data: await this.infoOf(user.customerId) };
  }

  @Put()
  @ApiOperation({
    summary: 'Record the date of birth and, when any is sent, the licence fields (stored encrypted, as at checkout)',
  })
  @ApiOkResponse({ type: CmeInfoSavedDto })
  @ApiError(
    400,
    `${BAD_BODY}; "Date of Birth is required.", "Date of Birth must be in the format of MM/DD/YYYY.", "${DOB_RANGE_MESSAGE}", "${LICENSE_STATE_MESSAGE}", "${LICENSE_NUMBER_MESSAGE}", "${LICENSE_PAIR_MESSAGE}", "${BOARD_ID_MESSAGE}"`,
  )
  @ApiError(409, CONCURRENT_CHANGE)
  async save(@CurrentUser() user: AuthUser, @Body() body: CmeInfoDto): Promise<CmeInfoSaved> {
    const given = (value: string | null | undefined): string | null => value?.trim() || null;
    const licence: CmeLicence | undefined = CME_LICENCE_FIELDS.some((field) => body[field] !== undefined)
      ? {
          licenseState: given(body.LICENSESTATE)?.toUpperCase() ?? null,
          licenseNumber: given(body.LICENSENUMBER),
          boardId: given(body.BOARDID),
        }
      : undefined;
    await this.commands.execute(new RecordCmeInfoCommand(user.customerId, body.DOB.trim(), licence));
    return { success: 1, message: ACCOUNT_SAVED, data: await this.infoOf(user.customerId) };
  }

  private async infoOf(customerId: string): Promise<CmeInfo> {
    const [DOB, licence] = await Promise.all([this.dobOf(customerId), this.licenceOf(customerId)]);
    return { DOB, LICENSESTATE: licence.licenseState, LICENSENUMBER: licence.licenseNumber, BOARDID: licence.boardId };
  }

  /** None when none was recorded, or when it cannot be read with the configured key (logged, never the value). */
  private async licenceOf(customerId: string): Promise<CmeLicence> {
    const encrypted = await encryptedLicenceOf(this.pool, customerId);
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (encrypted === null || !key) return NO_CME_LICENCE;
    try {
      return decryptCmeLicence(encrypted, key);
    } catch {
      this.logger.warn(`The CME licence fields of customer ${customerId} cannot be decrypted with the configured key`);
      return NO_CME_LICENCE;
    }
  }

  /** null when none was recorded, or when it cannot be read with the configured key (logged, never the value). */
  private async dobOf(customerId: string): Promise<string | null> {
    const encrypted = await encryptedDobOf(this.pool, customerId);
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (encrypted === null || !key) return null;
    try {
      return decryptDob(encrypted, key);
    } catch {
      this.logger.warn(`The date of birth of customer ${customerId} cannot be decrypted with the configured key`);
      return null;
    }
  }
}
