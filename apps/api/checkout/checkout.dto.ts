import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import type {
  BillingAddress,
  CardInput,
  CheckoutContact,
  PayRequest,
  QuoteRequest,
  ShippingOption,
} from '#libs/contracts/cart.js';

/**
 * Wire DTOs of checkout (libs/contracts/cart.ts), with the field messages of signed-in section 8
 * ("{Field} is required.") and the limits of section 5 (PHONE max 20, ADDRESS max 59).
 */

const required = (field: string) => Matches(/\S/, { message: `${field} is required.` });
export const PHONE_MAX = 20;
export const ADDRESS_MAX = 59;
export const DOB_FORMAT_MESSAGE = 'Date of Birth must be in the format of MM/DD/YYYY.';
export const DOB_REQUIRED_MESSAGE = 'Date of Birth is required.';
const DOB_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/(19|20)\d{2}$/;

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
  @ApiProperty({ description: '3-letter country code.' }) @required('Country') @MaxLength(3) COUNTRY!: string;
  @ApiProperty()
  @required('Phone')
  @MaxLength(PHONE_MAX, { message: `Phone must be at most ${PHONE_MAX} characters.` })
  PHONE!: string;
  @ApiProperty() @required('Email') @MaxLength(200) EMAIL!: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY; required when the cart holds CME and COUNTRY is USA.' })
  @IsOptional()
  @Matches(DOB_PATTERN, { message: DOB_FORMAT_MESSAGE })
  DOB?: string;
}

export class BillingAddressDto implements BillingAddress {
  @ApiProperty() @required('Address') @MaxLength(ADDRESS_MAX) ADDRESS!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(ADDRESS_MAX) ADDRESS2?: string;
  @ApiProperty() @required('City') @MaxLength(100) CITY!: string;
  @ApiProperty() @required('State') @MaxLength(10) STATE!: string;
  @ApiProperty() @required('Zip Code') @MaxLength(20) ZIP!: string;
  @ApiProperty() @required('Country') @MaxLength(3) COUNTRY!: string;
}

/** Never stored, never logged. */
export class CardInputDto implements CardInput {
  @ApiProperty() @required('Card Number') @MaxLength(23) CC!: string;
  @ApiProperty({ description: '01-12' }) @required('Card Month') @MaxLength(2) MONTH!: string;
  @ApiProperty({ description: '2025-2035' }) @required('Card Year') @MaxLength(4) YEAR!: string;
  @ApiProperty() @required('Security Code') @MaxLength(4) SC!: string;
}

export class PayDto implements PayRequest {
  @ApiProperty({ type: CheckoutContactDto })
  @ValidateNested()
  @Type(() => CheckoutContactDto)
  ATTJSON!: CheckoutContactDto;

  @ApiPropertyOptional({ type: BillingAddressDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => BillingAddressDto)
  BILLINGJSON!: BillingAddressDto | null;

  @ApiProperty({ enum: [1, 2] })
  @IsIn([1, 2], { message: 'Shipping must be 1 (standard) or 2 (expedited).' })
  SHIPPING!: ShippingOption;

  @ApiPropertyOptional({ type: CardInputDto, nullable: true, description: 'null: the card on file.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CardInputDto)
  CARD!: CardInputDto | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() SAVE_CARD?: boolean;

  @ApiProperty({ description: 'The total the client showed, in cents.' })
  @IsInt({ message: 'TOTAL must be a whole number of cents.' })
  TOTAL!: number;
}

export class QuoteDto implements QuoteRequest {
  @ApiProperty() @required('Country') @MaxLength(3) COUNTRY!: string;
  @ApiProperty() @IsString() @MaxLength(10) STATE!: string;
  @ApiProperty({ enum: [1, 2] })
  @IsIn([1, 2], { message: 'Shipping must be 1 (standard) or 2 (expedited).' })
  SHIPPING!: ShippingOption;
}
