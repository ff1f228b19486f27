import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Clock } from '#libs/application/clock.js';
import type { MainInfo } from '#libs/contracts/identity.js';
import { ApiError } from '../kernel/errors.responses.js';
import { MainInfoDto } from './identity.dto.js';

/** The shop's version: from the root package.json (the process runs from the project root). */
function shopVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return process.env.npm_package_version ?? '0.0.0';
  }
}

/** The shell's main info and the spec's forced-error endpoint (storefront sections 3 and 7). */
@ApiTags('shell')
@Controller()
export class MainInfoController {
  private readonly version = shopVersion();

  constructor(private readonly clock: Clock) {}

  @Get('main-info')
  @ApiOperation({ summary: "The shell's main info: year, version, cartTotalQty 0" })
  @ApiOkResponse({ type: MainInfoDto })
  mainInfo(): MainInfo {
    // The cart lives in the browser until checkout, so the server counts no items.
    return { year: this.clock.now().getUTCFullYear(), version: this.version, cartTotalQty: 0 };
  }

  @Get('test/unauthorized')
  @ApiOperation({ summary: 'Always 401: the test endpoint of the request-level 401 handling' })
  @ApiError(401, 'Always')
  unauthorized(): never {
    throw new UnauthorizedException('Unauthorized (test endpoint).');
  }
}
