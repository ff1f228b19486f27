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

/** A day written MM/DD/YYYY: its parts and its YYYY-MM-DD form. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** YYYY-MM-DD, comparable with `dayOf` (libs/application/clock.ts). */
  iso: string;
}

/** The MM/DD/YYYY text as a day that exists in the calendar (no 02/30), else null. */
export function calendarDate(text: string): CalendarDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day, iso: date.toISOString().slice(0, 10) } : null;
}

/** True when the MM/DD/YYYY text is a real day not after `today` (YYYY-MM-DD, the caller's clock). */
export const notAfter = (text: string, today: string): boolean => {
  const date = calendarDate(text);
  return date !== null && date.iso <= today;
};

/**
 * A date MM/DD/YYYY that exists in the calendar (no 02/30), from 1900 on; any other value fails with
 * `message`. Absent values are left to @IsOptional. A rule needs no clock here: "not after today" is
 * checked where the command runs, with the shop's clock (`notAfter`).
 */
export function IsDateMmDdYyyy(message: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateMmDdYyyy',
      validator: {
        validate: (value: unknown) => {
          const date = typeof value === 'string' ? calendarDate(value) : null;
          return date !== null && date.year >= 1900;
        },
        defaultMessage: () => message,
      },
    },
    options,
  );
}
