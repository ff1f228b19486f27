import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import {
  CODE_REQUIRED,
  type FavoriteRequest,
  MAX_HEARTBEAT_INTERVALS,
  type PlaybackRequest,
  type RedeemRequest,
  type TermsRequest,
  type VideoStartRequest,
  type WatchReportRequest,
} from '#libs/contracts/streaming.js';

/** Wire DTOs of the streaming calls (libs/contracts/streaming.ts). */
const ID_MESSAGE = (name: string) => `${name} must be a whole number.`;

function Id(name: string): PropertyDecorator {
  return (target, key) => {
    IsInt({ message: ID_MESSAGE(name) })(target, key);
    Min(1, { message: ID_MESSAGE(name) })(target, key);
    Max(2147483647, { message: ID_MESSAGE(name) })(target, key);
  };
}

export class FavoriteDto implements FavoriteRequest {
  @ApiProperty({ description: 'The product id' })
  @Id('PRODUCTID')
  PRODUCTID!: number;
}

export class TermsDto implements TermsRequest {
  @ApiPropertyOptional({ description: 'The product id again (must match the path when given)' })
  @IsOptional()
  @Id('PRODUCTID')
  PRODUCTID?: number;
}

export class VideoStartDto implements VideoStartRequest {
  @ApiProperty() @Id('PRODUCTID') PRODUCTID!: number;
  @ApiProperty() @Id('VIDEOID') VIDEOID!: number;

  @ApiPropertyOptional({ description: 'A uuid the client made for this viewing' })
  @IsOptional()
  @IsUUID('all', { message: 'VIEWINGID must be a uuid.' })
  VIEWINGID?: string;
}

/** The longest video a heartbeat may speak of (a day), as the position's bound. */
const MAX_SECONDS = 86_400;
export const INTERVALS_SHAPE = `INTERVALS must be a list of at most ${MAX_HEARTBEAT_INTERVALS} [from, to] pairs of seconds from 0 to ${MAX_SECONDS}.`;
export const POSITION_RANGE = `POSITION must be a number of seconds from 0 to ${MAX_SECONDS}.`;

const isPair = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_SECONDS);

export class WatchReportDto implements WatchReportRequest {
  @ApiProperty({
    description: 'The intervals played since the last heartbeat, [from, to] in seconds of the video (may be empty)',
    type: 'array',
    maxItems: MAX_HEARTBEAT_INTERVALS,
    items: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: { type: 'number', minimum: 0, maximum: MAX_SECONDS },
    },
    example: [[0, 58.5]],
  })
  @IsArray({ message: INTERVALS_SHAPE })
  @ArrayMaxSize(MAX_HEARTBEAT_INTERVALS, { message: INTERVALS_SHAPE })
  @ValidateBy(
    { name: 'isIntervalList', validator: { validate: (v: unknown) => Array.isArray(v) && v.every(isPair) } },
    { message: INTERVALS_SHAPE },
  )
  INTERVALS!: [number, number][];

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_SECONDS, description: "The player's position, seconds" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: POSITION_RANGE })
  @Min(0, { message: POSITION_RANGE })
  @Max(MAX_SECONDS, { message: POSITION_RANGE })
  POSITION?: number;
}

export class PlaybackDto implements PlaybackRequest {
  @ApiProperty() @Id('PRODUCTID') PRODUCTID!: number;
  @ApiProperty() @Id('VIDEOID') VIDEOID!: number;

  @ApiProperty({ description: "The client's uuid of this viewing (a page load of the player)" })
  @IsUUID('all', { message: 'VIEWINGID must be a uuid.' })
  VIEWINGID!: string;
}

export class RedeemDto implements RedeemRequest {
  @ApiProperty({ maxLength: 64, example: 'BOOK-AEGB-BNZB', description: 'The book code ("null" reads as empty)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(64, { message: 'A book code has at most 64 characters.' })
  @IsString({ message: CODE_REQUIRED })
  code!: string;
}
