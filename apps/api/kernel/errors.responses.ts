import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiProperty, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { ErrorBody } from '#libs/contracts/errors.js';

/** The error body every 4xx and 5xx answer carries (HttpErrorFilter, libs/contracts/errors.ts ErrorBody). */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status again' })
  statusCode!: number;

  @ApiProperty({ description: 'The first message: the one a screen shows' })
  error!: string;

  @ApiProperty({ type: [String], description: 'Every message (each invalid field of a 400)' })
  message!: string[];

  @ApiProperty({ description: 'The first message again, under the name the CME screens read' })
  ERROR!: string;
}

/** Documents one error answer of an operation: its status, when it happens, and the error body. */
export function ApiError(status: 400 | 401 | 403 | 404 | 409 | 502, description: string) {
  return ApiResponse({ status, description, type: ErrorBodyDto });
}

/** A throttled operation (TooManyAttempts): 429 with its message and the seconds to wait in Retry-After. */
export function ApiTooManyAttempts(description: string) {
  return ApiResponse({
    status: 429,
    description,
    type: ErrorBodyDto,
    headers: { 'Retry-After': { description: 'Seconds until the next attempt', schema: { type: 'integer' } } },
  });
}

/** Every operation with a JSON body: a body that is not JSON, unknown fields or bad values. */
export const BAD_BODY = 'Bad input: a body that is not JSON, an unknown field or a bad value (every message listed)';

/** Operations behind JwtAuthGuard: a Bearer session is required. */
export const SESSION_REQUIRED = 'No Bearer token, a bad one, or a session that ended (logout, a login elsewhere)';

/** Operations behind OptionalJwtAuthGuard: anonymous is fine, but a sent token must hold a live session. */
export const SESSION_ENDED = 'A Bearer token that is bad or whose session ended (logout, a login elsewhere)';

/**
 * A Bearer session is optional (OptionalJwtAuthGuard): the security requirement lists the bearer
 * scheme and the empty requirement, OpenAPI's way of saying "or none".
 */
export function ApiOptionalBearer() {
  return applyDecorators(ApiBearerAuth(), ApiSecurity({}), ApiError(401, SESSION_ENDED));
}

/** A Bearer session is required (JwtAuthGuard). */
export function ApiRequiredBearer() {
  return applyDecorators(ApiBearerAuth(), ApiError(401, SESSION_REQUIRED));
}

/** The visitor's cart id header of the cart and checkout operations. */
export function ApiCartIdHeader() {
  return ApiHeader({
    name: 'X-Cart-Id',
    required: false,
    schema: { type: 'string' },
    description:
      "A visitor's cart id (a uuid the browser makes); ignored with a Bearer session (the customer's cart). " +
      'Without a session a missing one, or one that is not a uuid, answers 400 "A cart id is required."',
  });
}
