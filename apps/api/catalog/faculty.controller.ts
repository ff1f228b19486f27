import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import pg from 'pg';
import { findFaculty, listFaculty } from '#libs/catalog/faculty.queries.js';
import type { Faculty, FacultySummary } from '#libs/contracts/catalog.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { IdPipe, idMessage } from '../kernel/id.pipe.js';
import { FacultyBodyDto, FacultyListBodyDto } from './catalog.dto.js';
import { CATALOG_CACHE } from './products.controller.js';

/** Faculty pages (signed-in "Faculty pages": people, people/{USERID}). */
@ApiTags('catalog')
@Controller('faculty')
export class FacultyController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'The active faculty, with photo and product count' })
  @ApiOkResponse({ type: FacultyListBodyDto })
  async list(): Promise<{ data: FacultySummary[] }> {
    return { data: await listFaculty(this.pool) };
  }

  @Get(':userId')
  @Header('Cache-Control', CATALOG_CACHE)
  @ApiOperation({ summary: 'One faculty member with PRODUCTSINFO (an array of one: the spec reads the first)' })
  @ApiOkResponse({ type: FacultyBodyDto })
  @ApiParam({ name: 'userId', schema: { type: 'integer', minimum: 0, maximum: 999999999999999, example: 1001 } })
  @ApiError(400, idMessage('userId'))
  @ApiError(404, 'Faculty not found')
  async one(@Param('userId', new IdPipe('userId')) userId: number): Promise<{ data: Faculty[] }> {
    const faculty = await findFaculty(this.pool, userId);
    if (!faculty) throw new NotFoundException('Faculty not found');
    return { data: [faculty] };
  }
}
