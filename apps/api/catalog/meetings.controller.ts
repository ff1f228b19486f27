import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import pg from 'pg';
import { findMeeting, listMeetings, listShortPaths } from '#libs/catalog/meetings.queries.js';
import type { Meeting, MeetingSummary, ShortPath } from '#libs/contracts/catalog.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { IdPipe, idMessage } from '../kernel/id.pipe.js';
import { MeetingBodyDto, MeetingListBodyDto, ShortPathsBodyDto } from './catalog.dto.js';
import { CATALOG_CACHE } from './products.controller.js';

/** Meetings (meeting/*), the Meetings menu, and the marketing short paths (storefront section 2). */
@ApiTags('catalog')
@Controller()
export class MeetingsController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get('meetings')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'Every meeting, hidden ones included (MENU_LABEL and HIDDEN_IN_MENU drive the menu)' })
  @ApiOkResponse({ type: MeetingListBodyDto })
  async list(): Promise<{ data: MeetingSummary[] }> {
    return { data: await listMeetings(this.pool) };
  }

  @Get('meetings/:id')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'A meeting with its details, venue, hotel, options, virtual, faculty and program' })
  @ApiOkResponse({ type: MeetingBodyDto })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 0, maximum: 999999999999999, example: 235 } })
  @ApiError(400, idMessage('id'))
  @ApiError(404, 'Meeting not found')
  async one(@Param('id', new IdPipe()) id: number): Promise<{ data: Meeting }> {
    const meeting = await findMeeting(this.pool, id);
    if (!meeting) throw new NotFoundException('Meeting not found');
    return { data: meeting };
  }

  @Get('short-paths')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'Marketing short paths: to a meeting tab or a product page' })
  @ApiOkResponse({ type: ShortPathsBodyDto })
  async shortPaths(): Promise<{ data: ShortPath[] }> {
    return { data: await listShortPaths(this.pool) };
  }
}
