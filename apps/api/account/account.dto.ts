import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type { AddressRequest, AutoRenewRequest, ProfileRequest } from '#libs/contracts/account.js';
import {
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  SPECIALTIES,
  STATUSES,
  SUFFIXES,
  type Specialty,
  type Status,
  type Suffix,
} from '#libs/contracts/identity.js';
import { IsEmailWhenGiven, MatchesWhenGiven } from '../shared/validators.js';

/**
 * Wire DTOs of the account page (libs/contracts/account.ts), with the field messages of signed-in
 * section 8 ("{Field} is required.", the password banner) and the limits of section 5. Whether a
 * COUNTRY and STATE are in the reference lists is checked against the database by the handler.
 */

const required = (field: string) => Matches(/\S/, { message: `${field} is required.` });
export const ADDRESS_MAX = 59;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters or more.';
export const EMAIL_INVALID = 'Email must be a valid email address.';
const COUNTRY_CODE = 'Country must be a 3-letter country code.';

export class ProfileDto implements ProfileRequest {
  @ApiProperty({ maxLength: 100 })
  @required('First Name')
  @MaxLength(100, { message: 'First Name must be at most 100 characters.' })
  firstname!: string;

  @ApiProperty({ maxLength: 100 })
  @required('Last Name')
  @MaxLength(100, { message: 'Last Name must be at most 100 characters.' })
  lastname!: string;

  @ApiPropertyOptional({ enum: [...SUFFIXES, ''], nullable: true })
  @IsOptional()
  @IsIn([...SUFFIXES, ''], { message: 'Suffix must be one of Jr., Sr., I, II, III, IV.' })
  suffix?: Suffix | '' | null;

  @ApiProperty({ enum: SPECIALTIES })
  @required('Specialty')
  @IsIn(SPECIALTIES, { message: 'Specialty must be one of the listed specialties.' })
  specialty!: Specialty;

  @ApiPropertyOptional({ enum: [...STATUSES, ''], nullable: true })
  @IsOptional()
  @IsIn([...STATUSES, ''], { message: 'Status must be one of the listed statuses.' })
  status?: Status | '' | null;

  @ApiPropertyOptional({ maxLength: PHONE_MAX_LENGTH, nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'Phone must be text.' })
  @MaxLength(PHONE_MAX_LENGTH, { message: `Phone must be at most ${PHONE_MAX_LENGTH} characters.` })
  phone?: string | null;

  @ApiProperty({ maxLength: 254 })
  @required('Email')
  @IsEmailWhenGiven(EMAIL_INVALID)
  @MaxLength(254, { message: 'Email must be at most 254 characters.' })
  email!: string;

  @ApiPropertyOptional({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 200,
    nullable: true,
    type: String,
    description: 'A new password; empty or absent keeps the current one. Never stored or logged as given.',
  })
  @IsOptional()
  @ValidateIf((dto: ProfileDto) => dto.password !== '')
  @IsString({ message: PASSWORD_TOO_SHORT })
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT })
  @MaxLength(200, { message: 'Password must be at most 200 characters.' })
  password?: string | null;

  @ApiPropertyOptional({ enum: [0, 1], description: 'Absent leaves auto-renew as it is' })
  @IsOptional()
  @IsIn([0, 1], { message: 'autorenew must be 0 or 1.' })
  autorenew?: 0 | 1;
}

export class AddressDto implements AddressRequest {
  @ApiProperty({ maxLength: ADDRESS_MAX })
  @required('Address')
  @MaxLength(ADDRESS_MAX, { message: `Address must be at most ${ADDRESS_MAX} characters.` })
  ADDRESS!: string;

  @ApiPropertyOptional({ maxLength: ADDRESS_MAX })
  @IsOptional()
  @IsString({ message: 'Address 2 must be text.' })
  @MaxLength(ADDRESS_MAX, { message: `Address 2 must be at most ${ADDRESS_MAX} characters.` })
  ADDRESS2?: string;

  @ApiProperty({ maxLength: 100 })
  @required('City')
  @MaxLength(100, { message: 'City must be at most 100 characters.' })
  CITY!: string;

  @ApiProperty({ maxLength: 10, description: 'A US state key, or NOTUS ("Not United States").' })
  @required('State')
  @MaxLength(10, { message: 'State must be one of the listed states.' })
  STATE!: string;

  @ApiProperty({ maxLength: 20 })
  @required('Zip Code')
  @MaxLength(20, { message: 'Zip Code must be at most 20 characters.' })
  ZIP!: string;

  @ApiProperty({ description: '3-letter country code.' })
  @required('Country')
  @MatchesWhenGiven(/^[A-Za-z]{3}$/, COUNTRY_CODE)
  COUNTRY!: string;
}

export class AutoRenewDto implements AutoRenewRequest {
  @ApiProperty({ enum: [0, 1] })
  @IsIn([0, 1], { message: 'autorenew must be 0 or 1.' })
  autorenew!: 0 | 1;
}
