import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  CODE_REQUIRED,
  type FavoriteRequest,
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

export const SECONDS_RANGE = 'SECONDS must be a whole number from 0 to 120.';
export const POSITION_RANGE = 'POSITION must be a whole number of seconds from 0 to 86400.';

export class WatchReportDto implements WatchReportRequest {
  @ApiProperty({ minimum: 0, maximum: 120, description: 'Seconds watched since the last report' })
  @IsInt({ message: SECONDS_RANGE })
  @Min(0, { message: SECONDS_RANGE })
  @Max(120, { message: SECONDS_RANGE })
  SECONDS!: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 86400, description: "The player's position, seconds" })
  @IsOptional()
  @IsInt({ message: POSITION_RANGE })
  @Min(0, { message: POSITION_RANGE })
  @Max(86400, { message: POSITION_RANGE })
  POSITION?: number;
}

export class RedeemDto implements RedeemRequest {
  @ApiProperty({ maxLength: 64, example: 'BOOK-AEGB-BNZB', description: 'The book code ("null" reads as empty)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(64, { message: 'A book code has at most 64 characters.' })
  @IsString({ message: CODE_REQUIRED })
  code!: string;
}
