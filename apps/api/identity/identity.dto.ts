import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
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
  PHONE_MAX_LENGTH,
  SPECIALTIES,
  STATUSES,
  SUFFIXES,
} from '#libs/contracts/identity.js';

/** Wire DTOs of the identity calls (libs/contracts/identity.ts); messages word for word from storefront section 5. */

const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters or more.';
const ADDRESS_MAX = 59;

export class RegisterDto implements RegistrationUser {
  @ApiProperty()
  @IsNotEmpty({ message: 'First Name is required.' })
  @IsString()
  @MaxLength(100)
  FIRSTNAME!: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Last Name is required.' })
  @IsString()
  @MaxLength(100)
  LASTNAME!: string;

  @ApiPropertyOptional({ enum: [...SUFFIXES, ''] })
  @IsOptional()
  @IsIn([...SUFFIXES, ''], { message: 'Suffix must be one of Jr., Sr., I, II, III, IV.' })
  SUFFIX?: Suffix | '';

  @ApiProperty({ enum: SPECIALTIES })
  @IsNotEmpty({ message: 'Specialty is required.' })
  @IsIn(SPECIALTIES, { message: 'Specialty must be one of the listed specialties.' })
  SPECIALTY!: Specialty;

  @ApiPropertyOptional({ enum: [...STATUSES, ''] })
  @IsOptional()
  @IsIn([...STATUSES, ''], { message: 'Status must be one of the listed statuses.' })
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

  @ApiPropertyOptional({ maxLength: PHONE_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX_LENGTH, { message: 'Phone must be at most 20 characters.' })
  PHONE?: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Email is required.' })
  @IsEmail({}, { message: 'Email must be a valid email address.' })
  @MaxLength(254)
  EMAIL!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsNotEmpty({ message: 'Password is required.' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT })
  @MaxLength(200)
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
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsNotEmpty({ message: 'Password is required.' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT })
  @MaxLength(200)
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
