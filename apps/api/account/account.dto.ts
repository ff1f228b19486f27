import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { AddressRequest, AutoRenewRequest, ProfileRequest } from '#libs/contracts/account.js';
import { RENEWABLE_TYPE_MESSAGE, RENEWABLE_TYPES, type RenewableType } from '#libs/contracts/renewals.js';
import { PASSWORD_MIN_LENGTH, type Specialty, type Status, type Suffix } from '#libs/contracts/identity.js';
import { EmailRules, PASSWORD_MAX_LENGTH, PasswordLength, profileRules, required } from '../identity/index.js';
import { MatchesWhenGiven } from '../kernel/validators.js';

/**
 * Wire DTOs of the account page (libs/contracts/account.ts), with the field messages of signed-in
 * section 8 ("{Field} is required.", the password banner) and the limits of section 5; the profile
 * fields' rules are registration's (apps/api/identity/profile-rules.ts). Whether a
 * COUNTRY and STATE are in the reference lists is checked against the database by the handler.
 */

export const ADDRESS_MAX = 59;
const COUNTRY_CODE = 'Country must be a 3-letter country code.';

/** The profile tab: the profile fields with the registration form's rules, the email, an optional new password. */
export class ProfileDto implements ProfileRequest {
  @profileRules.firstname()
  firstname!: string;

  @profileRules.lastname()
  lastname!: string;

  @profileRules.suffix()
  suffix?: Suffix | '' | null;

  @profileRules.specialty()
  specialty!: Specialty;

  @profileRules.status()
  status?: Status | '' | null;

  @profileRules.phone()
  phone?: string | null;

  @EmailRules()
  email!: string;

  @ApiPropertyOptional({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    nullable: true,
    type: String,
    description: 'A new password; empty or absent keeps the current one. Never stored or logged as given.',
  })
  @IsOptional()
  @ValidateIf((dto: ProfileDto) => dto.password !== '')
  @PasswordLength()
  password?: string | null;

  @ApiPropertyOptional({
    maxLength: PASSWORD_MAX_LENGTH,
    nullable: true,
    type: String,
    description:
      'The current password: required to change the email or to set a new password; refused when wrong. Never stored or logged.',
  })
  @IsOptional()
  @IsString({ message: 'Current Password must be text.' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Current Password must be at most ${PASSWORD_MAX_LENGTH} characters.` })
  currentPassword?: string | null;

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

/** The subscription type in the path of PUT /api/account/auto-renew/:type: one of RENEWABLE_TYPES, else 400. */
export class RenewableTypePipe implements PipeTransform<unknown, RenewableType> {
  transform(value: unknown): RenewableType {
    const type = RENEWABLE_TYPES.find((t) => t === value);
    if (type === undefined) throw new BadRequestException({ message: [RENEWABLE_TYPE_MESSAGE] });
    return type;
  }
}
