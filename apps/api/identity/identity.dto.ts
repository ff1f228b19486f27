import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { EmailChangeLinkRequest } from '#libs/contracts/account.js';
import {
  type LoginRequest,
  type RegistrationUser,
  type ResendRequest,
  type ForgotRequest,
  type SetNewPasswordRequest,
  type ValidateRequest,
  type Specialty,
  type Status,
  type Suffix,
  PASSWORD_MIN_LENGTH,
} from '#libs/contracts/identity.js';
import { EmailRules, PASSWORD_MAX_LENGTH, PasswordLength, profileRules } from './profile-rules.js';

/** Wire DTOs of the identity calls (libs/contracts/identity.ts); messages word for word from storefront section 5. */

const ADDRESS_MAX = 59;

/** The registration form: the profile fields under the spec's upper-case names, with the profile tab's rules. */
export class RegisterDto implements RegistrationUser {
  @profileRules.firstname()
  FIRSTNAME!: string;

  @profileRules.lastname()
  LASTNAME!: string;

  @profileRules.suffix()
  SUFFIX?: Suffix | '';

  @profileRules.specialty()
  SPECIALTY!: Specialty;

  @profileRules.status()
  STATUS?: Status | '';

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_MAX)
  ADDRESS?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_MAX)
  ADDRESS2?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  CITY?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(10)
  STATE?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(20)
  ZIP?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(3)
  COUNTRY?: string;

  @profileRules.phone()
  PHONE?: string;

  @EmailRules()
  EMAIL!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsNotEmpty({ message: 'Password is required.' })
  @PasswordLength()
  PASSWORD!: string;

  @ApiProperty({ enum: [0, 1] })
  @IsIn([0, 1], { message: 'autorenew must be 0 or 1.' })
  autorenew!: 0 | 1;

  @ApiProperty({ enum: [1] })
  @Equals(1, { message: 'You must agree to the Terms of Use and Privacy Policy.' })
  agree!: 0 | 1;

  @ApiProperty({ example: 5 })
  @IsInt()
  VERSION!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  sendUserTo?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  redeemCode?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  utimezone?: string;
}

export class LoginDto implements LoginRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;

  @ApiPropertyOptional({ description: 'A signed society sign-in token (docs/decisions.md)' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  society?: string;

  @ApiProperty({ example: 5 })
  @IsInt()
  version!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  utimezone?: string;
}

export class ValidateDto implements ValidateRequest {
  @ApiProperty()
  @IsNotEmpty({ message: 'Email is required.' })
  @IsString()
  @MaxLength(254)
  EMAIL!: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Token is required.' })
  @IsString()
  @MaxLength(200)
  TOKEN!: string;
}

/** The confirm or undo link of an email change: the account's id and the link's token. */
export class EmailChangeLinkDto implements EmailChangeLinkRequest {
  @ApiProperty({ description: "The account's id, as the link carries it", maxLength: 64 })
  @IsNotEmpty({ message: 'ID is required.' })
  @IsString({ message: 'ID must be text.' })
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'ID must be an account id.' })
  ID!: string;

  @ApiProperty({ maxLength: 200 })
  @IsNotEmpty({ message: 'Token is required.' })
  @IsString({ message: 'Token must be text.' })
  @MaxLength(200, { message: 'Token must be at most 200 characters.' })
  TOKEN!: string;
}

export class ResendDto implements ResendRequest {
  @ApiProperty()
  @IsNotEmpty({ message: 'Email is required.' })
  @IsEmail({}, { message: 'You must enter a valid email.' })
  EMAIL!: string;
}

export class ForgotDto implements ForgotRequest {
  @ApiProperty()
  @IsNotEmpty({ message: 'Email is required.' })
  @IsEmail({}, { message: 'You must enter a valid email to recover your password.' })
  EMAIL!: string;
}

/** The validate payload plus the new password: the same EMAIL and TOKEN rules. */
export class SetNewPasswordDto extends ValidateDto implements SetNewPasswordRequest {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsNotEmpty({ message: 'Password is required.' })
  @PasswordLength()
  PASSWORD!: string;
}

/** Response shapes, for the OpenAPI document. */
export class SuccessBodyDto {
  @ApiProperty({ enum: [1] }) success!: 1;
  @ApiPropertyOptional() message?: string;
}

export class MeDto {
  @ApiProperty() customerId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() firstname!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty({ nullable: true, type: String }) status!: string | null;
  @ApiProperty({ type: [String] }) roles!: string[];
}

export class MainInfoDto {
  @ApiProperty() year!: number;
  @ApiProperty() version!: string;
  @ApiProperty() cartTotalQty!: number;
}
