import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  type AddItemRequest,
  COUPON_MIN_LENGTH,
  COUPON_TOO_SHORT,
  type CouponRequest,
  type MergeRequest,
  type OfferRequest,
  QTY_MAX,
  QTY_MIN,
  type RenewalRequest,
} from '#libs/contracts/cart.js';
import { CartErrors } from '#libs/domain/cart/cart.errors.js';
import { SUBSCRIPTION_TYPES } from '#libs/domain/entitlements/entitlements.events.js';
import { CART_ID_REQUIRED } from './cart.service.js';

/** Wire DTOs of the cart calls (libs/contracts/cart.ts). */

const TERMS = [1, 2, 3] as const;
export const RENEWAL_TYPE = `TYPE must be one of ${SUBSCRIPTION_TYPES.join(', ')}.`;
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class AddItemDto implements AddItemRequest {
  @ApiProperty({ description: 'The product id' })
  @IsInt({ message: 'PRODUCTID must be a whole number.' })
  @Min(1, { message: 'PRODUCTID must be a whole number.' })
  @Max(2147483647, { message: 'PRODUCTID must be a whole number.' })
  PRODUCTID!: number;

  @ApiProperty({ minimum: QTY_MIN, maximum: QTY_MAX, description: 'Ignored for yearly types (use TERM)' })
  @IsInt({ message: CartErrors.invalid_quantity })
  @Min(QTY_MIN, { message: CartErrors.invalid_quantity })
  @Max(QTY_MAX, { message: CartErrors.invalid_quantity })
  QTY!: number;

  @ApiPropertyOptional({ enum: TERMS, description: 'Years, for yearly types' })
  @IsOptional()
  @IsIn(TERMS, { message: CartErrors.invalid_term })
  TERM?: 1 | 2 | 3;

  @ApiPropertyOptional({ description: "For books: BOOK, STREAMING or BOTH (default: the product's PRICING.TYPE)" })
  @IsOptional()
  @IsString({ message: CartErrors.unknown_format })
  @MaxLength(40, { message: CartErrors.unknown_format })
  FORMAT?: string;
}

export class CouponDto implements CouponRequest {
  @ApiProperty({ minLength: COUPON_MIN_LENGTH })
  @Transform(trim)
  @IsString({ message: COUPON_TOO_SHORT })
  @MinLength(COUPON_MIN_LENGTH, { message: COUPON_TOO_SHORT })
  @MaxLength(100, { message: 'A coupon code has at most 100 characters.' })
  COUPON!: string;
}

export class MergeDto implements MergeRequest {
  @ApiProperty({ description: 'The anonymous cart id (a uuid) the browser kept before logging in' })
  @IsUUID('all', { message: CART_ID_REQUIRED })
  cartId!: string;
}

export class RenewalDto implements RenewalRequest {
  @ApiProperty({ enum: SUBSCRIPTION_TYPES })
  @IsIn(SUBSCRIPTION_TYPES, { message: RENEWAL_TYPE })
  TYPE!: string;

  @ApiProperty({ enum: TERMS })
  @IsIn(TERMS, { message: CartErrors.invalid_term })
  TERM!: 1 | 2 | 3;
}

export class OfferDto implements OfferRequest {
  @ApiProperty({ description: 'elearning, cme, streaming_all, qmpcomplete or event' })
  @IsString({ message: 'OFFER is required.' })
  @MinLength(1, { message: 'OFFER is required.' })
  @MaxLength(100, { message: 'OFFER has at most 100 characters.' })
  OFFER!: string;

  @ApiProperty()
  @IsString({ message: 'UID is required.' })
  @MinLength(1, { message: 'UID is required.' })
  @MaxLength(200, { message: 'UID has at most 200 characters.' })
  UID!: string;
}
