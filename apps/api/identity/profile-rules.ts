import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { ProfileFields } from '#libs/contracts/account.js';
import { PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, SPECIALTIES, STATUSES, SUFFIXES } from '#libs/contracts/identity.js';
import { IsEmailWhenGiven } from '../kernel/validators.js';

/**
 * The rules of the customer's profile fields, one per field of ProfileFields (libs/contracts/account.ts):
 * the registration form (FIRSTNAME, ...) and the profile tab (firstname, ...) name them differently
 * and apply the same rules, messages (storefront section 5, signed-in section 8) and OpenAPI schema.
 */

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters or more.';
export const EMAIL_INVALID = 'Email must be a valid email address.';

/** "{Field} is required." for a missing, empty or blank value (and one that is not text). */
export const required = (field: string): PropertyDecorator => Matches(/\S/, { message: `${field} is required.` });

const name = (field: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ maxLength: NAME_MAX_LENGTH }),
    required(field),
    MaxLength(NAME_MAX_LENGTH, { message: `${field} must be at most ${NAME_MAX_LENGTH} characters.` }),
  );

/** A choice from a list, or empty (stored as null). */
const optionalChoice = (list: readonly string[], message: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ enum: [...list, ''], nullable: true }),
    IsOptional(),
    IsIn([...list, ''], { message }),
  );

export const profileRules: Record<keyof ProfileFields, () => PropertyDecorator> = {
  firstname: () => name('First Name'),
  lastname: () => name('Last Name'),
  suffix: () => optionalChoice(SUFFIXES, `Suffix must be one of ${SUFFIXES.join(', ')}.`),
  specialty: () =>
    applyDecorators(
      ApiProperty({ enum: SPECIALTIES }),
      required('Specialty'),
      IsIn(SPECIALTIES, { message: 'Specialty must be one of the listed specialties.' }),
    ),
  status: () => optionalChoice(STATUSES, 'Status must be one of the listed statuses.'),
  phone: () =>
    applyDecorators(
      ApiPropertyOptional({ maxLength: PHONE_MAX_LENGTH, nullable: true, type: String }),
      IsOptional(),
      IsString({ message: 'Phone must be text.' }),
      MaxLength(PHONE_MAX_LENGTH, { message: `Phone must be at most ${PHONE_MAX_LENGTH} characters.` }),
    ),
};

/** The account's email, as registered and as changed on the profile tab. */
export const EmailRules = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ maxLength: EMAIL_MAX_LENGTH }),
    required('Email'),
    IsEmailWhenGiven(EMAIL_INVALID),
    MaxLength(EMAIL_MAX_LENGTH, { message: `Email must be at most ${EMAIL_MAX_LENGTH} characters.` }),
  );

/** A new password's length (whether one is required is the form's). */
export const PasswordLength = (): PropertyDecorator =>
  applyDecorators(
    IsString({ message: PASSWORD_TOO_SHORT }),
    MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` }),
  );
