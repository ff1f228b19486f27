import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Field rules that leave an empty value to the field's "{Field} is required." rule, so an empty
 * field answers one message, not two.
 */

const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** When the field holds text, it must pass `check` (else `message`); an empty field passes here. */
export function WhenGiven(name: string, check: (text: string) => boolean, message: string): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => !given(value) || check((value as string).trim()),
      defaultMessage: () => message,
    },
  });
}

export const MatchesWhenGiven = (pattern: RegExp, message: string): PropertyDecorator =>
  WhenGiven('matchesWhenGiven', (text) => pattern.test(text), message);

export const IsEmailWhenGiven = (message: string): PropertyDecorator =>
  WhenGiven('isEmailWhenGiven', (text) => isEmail(text), message);

/**
 * A date MM/DD/YYYY that exists in the calendar (no 02/30), from 1900 on and not after `today`; any other
 * value fails with `message`. Absent values are left to @IsOptional.
 */
export function IsPastDateMmDdYyyy(
  message: string,
  today: () => Date = () => new Date(),
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPastDateMmDdYyyy',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
          if (!match) return false;
          const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
          const date = new Date(Date.UTC(year, month - 1, day));
          const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          return real && year >= 1900 && date.getTime() <= today().getTime();
        },
        defaultMessage: () => message,
      },
    },
    options,
  );
}
