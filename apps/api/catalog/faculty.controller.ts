import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import pg from 'pg';
import { findFaculty, listFaculty } from '#libs/catalog/faculty.queries.js';
import type { Faculty, FacultySummary } from '#libs/contracts/catalog.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { CatalogIdPipe } from './catalog-id.pipe.js';
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
  @ApiNotFoundResponse({ description: 'Faculty not found' })
  async one(@Param('userId', new CatalogIdPipe('userId')) userId: number): Promise<{ data: Faculty[] }> {
    const faculty = await findFaculty(this.pool, userId);
    if (!faculty) throw new NotFoundException('Faculty not found');
    return { data: [faculty] };
  }
}
