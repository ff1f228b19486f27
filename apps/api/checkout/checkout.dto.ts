import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  type BillingAddress,
  type CardInput,
  type CheckoutContact,
  ORDER_PAGE_SIZE,
  type PayRequest,
  type QuoteRequest,
  type ShippingOption,
} from '#libs/contracts/cart.js';
import { AUTORENEW_LIST_MESSAGE, RENEWABLE_TYPES, type RenewableType } from '#libs/contracts/renewals.js';
import { IsDateMmDdYyyy, IsEmailWhenGiven, MatchesWhenGiven } from '../kernel/validators.js';
import { ORDER_AFTER_MESSAGE, ORDER_LIMIT_MESSAGE } from './checkout-errors.js';

/**
 * Wire DTOs of checkout (libs/contracts/cart.ts), with the field messages of signed-in section 8
 * ("{Field} is required.") and the limits of section 5 (PHONE max 20, ADDRESS max 59). Whether a
 * COUNTRY and STATE are in the reference lists is checked against the database by
 * contact-validation.ts; the card's expiry against the calendar by the payment gateway.
 */

const required = (field: string) => Matches(/\S/, { message: `${field} is required.` });
export const PHONE_MAX = 20;
export const ADDRESS_MAX = 59;
export const DOB_FORMAT_MESSAGE = 'Date of Birth must be in the format of MM/DD/YYYY.';
export const DOB_REQUIRED_MESSAGE = 'Date of Birth is required.';
export const EMAIL_INVALID_MESSAGE = 'Email must be a valid email address.';
export const COUNTRY_CODE_MESSAGE = 'Country must be a 3-letter country code.';
export const CARD_NUMBER_MESSAGE = 'Card Number must be 12 to 19 digits.';
export const CARD_MONTH_MESSAGE = 'Card Month must be a month from 01 to 12.';
export const CARD_YEAR_MESSAGE = 'Card Year must be a year of 4 digits.';
export const SECURITY_CODE_MESSAGE = 'Security Code must be 3 or 4 digits.';
export const PAYMENT_METHOD_MESSAGE = 'PAYMENTMETHOD must be a payment method id (pm_...).';
export const CONTACT_REQUIRED_MESSAGE = 'ATTJSON (the contact) is required.';
const TOTAL_MESSAGE = 'TOTAL must be a whole number of cents.';
const countryCode = () => MatchesWhenGiven(/^[A-Za-z]{3}$/, COUNTRY_CODE_MESSAGE);

export class CheckoutContactDto implements CheckoutContact {
  @ApiProperty() @required('First Name') @MaxLength(100) FIRSTNAME!: string;
  @ApiProperty() @required('Last Name') @MaxLength(100) LASTNAME!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) company?: string;
  @ApiProperty()
  @required('Address')
  @MaxLength(ADDRESS_MAX, { message: `Address must be at most ${ADDRESS_MAX} characters.` })
  ADDRESS!: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_MAX, { message: `Address 2 must be at most ${ADDRESS_MAX} characters.` })
  ADDRESS2?: string;
  @ApiProperty() @required('City') @MaxLength(100) CITY!: string;
  @ApiProperty({ description: 'A US state key, or NOTUS.' }) @required('State') @MaxLength(10) STATE!: string;
  @ApiProperty() @required('Zip Code') @MaxLength(20) ZIP!: string;
  @ApiProperty({ description: '3-letter country code.' }) @required('Country') @countryCode() COUNTRY!: string;
  @ApiProperty()
  @required('Phone')
  @MaxLength(PHONE_MAX, { message: `Phone must be at most ${PHONE_MAX} characters.` })
  PHONE!: string;
  @ApiProperty()
  @required('Email')
  @IsEmailWhenGiven(EMAIL_INVALID_MESSAGE)
  @MaxLength(254, { message: 'Email must be at most 254 characters.' })
  EMAIL!: string;
  @ApiPropertyOptional({
    description: 'MM/DD/YYYY, from 1900 to today; required when the cart holds CME and COUNTRY is USA.',
  })
  @IsOptional()
  @IsDateMmDdYyyy(DOB_FORMAT_MESSAGE)
  DOB?: string;
}

export class BillingAddressDto implements BillingAddress {
  @ApiProperty() @required('Address') @MaxLength(ADDRESS_MAX) ADDRESS!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(ADDRESS_MAX) ADDRESS2?: string;
  @ApiProperty() @required('City') @MaxLength(100) CITY!: string;
  @ApiProperty() @required('State') @MaxLength(10) STATE!: string;
  @ApiProperty() @required('Zip Code') @MaxLength(20) ZIP!: string;
  @ApiProperty() @required('Country') @countryCode() COUNTRY!: string;
}

/** Never stored, never logged. */
export class CardInputDto implements CardInput {
  @ApiProperty({ description: '12-19 digits; spaces and dashes between them are allowed' })
  @required('Card Number')
  @MatchesWhenGiven(/^\d(?:[ -]?\d){11,18}$/, CARD_NUMBER_MESSAGE)
  CC!: string;
  @ApiProperty({ description: '01-12' })
  @required('Card Month')
  @MatchesWhenGiven(/^(0?[1-9]|1[0-2])$/, CARD_MONTH_MESSAGE)
  MONTH!: string;
  @ApiProperty({ description: 'Four digits (the form offers 2025-2035; the gateway refuses an expired card)' })
  @required('Card Year')
  @MatchesWhenGiven(/^\d{4}$/, CARD_YEAR_MESSAGE)
  YEAR!: string;
  @ApiProperty() @required('Security Code') @MatchesWhenGiven(/^\d{3,4}$/, SECURITY_CODE_MESSAGE) SC!: string;
}

export class PayDto implements PayRequest {
  @ApiProperty({ type: CheckoutContactDto })
  @IsDefined({ message: CONTACT_REQUIRED_MESSAGE })
  @IsObject({ message: CONTACT_REQUIRED_MESSAGE })
  @ValidateNested()
  @Type(() => CheckoutContactDto)
  ATTJSON!: CheckoutContactDto;

  @ApiPropertyOptional({ type: BillingAddressDto, nullable: true })
  @IsOptional()
  @IsObject({ message: 'BILLINGJSON must be an address or null.' })
  @ValidateNested()
  @Type(() => BillingAddressDto)
  BILLINGJSON!: BillingAddressDto | null;

  @ApiProperty({ enum: [1, 2] })
  @IsIn([1, 2], { message: 'Shipping must be 1 (standard) or 2 (expedited).' })
  SHIPPING!: ShippingOption;

  @ApiPropertyOptional({ type: CardInputDto, nullable: true, description: 'null: the card on file.' })
  @IsOptional()
  @IsObject({ message: 'CARD must be a card or null.' })
  @ValidateNested()
  @Type(() => CardInputDto)
  CARD!: CardInputDto | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'With the Stripe gateway and CARD null: the payment method Stripe.js made (pm_...); else the card on file',
  })
  @IsOptional()
  @IsString({ message: PAYMENT_METHOD_MESSAGE })
  @Matches(/^pm_[A-Za-z0-9_]{1,200}$/, { message: PAYMENT_METHOD_MESSAGE })
  PAYMENTMETHOD?: string | null;

  @ApiPropertyOptional({
    description:
      "Keep this card on file (the pay screen's box); needed with AUTORENEW and a new card. Absent: not kept",
  })
  @IsOptional()
  @IsBoolean({ message: 'SAVE_CARD must be true or false.' })
  SAVE_CARD?: boolean;

  @ApiPropertyOptional({
    enum: RENEWABLE_TYPES,
    isArray: true,
    description:
      "The order's subscriptions to renew automatically, each once (the others do not); recorded when paid. Absent: the account's auto-renew applies",
  })
  @IsOptional()
  @IsArray({ message: AUTORENEW_LIST_MESSAGE })
  @ArrayUnique({ message: AUTORENEW_LIST_MESSAGE })
  @IsIn(RENEWABLE_TYPES, { each: true, message: AUTORENEW_LIST_MESSAGE })
  AUTORENEW?: RenewableType[];

  @ApiProperty({ description: 'The total the client showed, in cents.' })
  @IsInt({ message: TOTAL_MESSAGE })
  @Min(0, { message: TOTAL_MESSAGE })
  @Max(2147483647, { message: TOTAL_MESSAGE })
  TOTAL!: number;
}

export class QuoteDto implements QuoteRequest {
  @ApiProperty() @required('Country') @countryCode() COUNTRY!: string;
  @ApiProperty() @IsString({ message: 'State must be text.' }) @MaxLength(10) STATE!: string;
  @ApiProperty({ enum: [1, 2] })
  @IsIn([1, 2], { message: 'Shipping must be 1 (standard) or 2 (expedited).' })
  SHIPPING!: ShippingOption;
}

/** Query of GET /api/orders: a page size and where the page starts (the NEXT of the page before). */
export class OrderHistoryQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: ORDER_PAGE_SIZE.max,
    default: ORDER_PAGE_SIZE.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: ORDER_LIMIT_MESSAGE })
  @Min(1, { message: ORDER_LIMIT_MESSAGE })
  @Max(ORDER_PAGE_SIZE.max, { message: ORDER_LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ description: 'The NEXT of the page before; omitted for the newest orders', maxLength: 40 })
  @IsOptional()
  @IsString({ message: ORDER_AFTER_MESSAGE })
  @MaxLength(40, { message: ORDER_AFTER_MESSAGE })
  after?: string;
}
