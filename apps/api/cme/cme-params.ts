import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { CME_FIRST_YEAR, CME_TEST_TYPES, type CmeTestType } from '#libs/contracts/cme.js';

export const YEAR_MESSAGE = (current: number): string => `year must be a year from ${CME_FIRST_YEAR} to ${current}.`;

/** ?year=YYYY: 2020..the current year (UTC); absent: the current year. Anything else 400. */
export function parseYear(value: string | undefined, now: Date): number {
  const current = now.getUTCFullYear();
  if (value === undefined || value === '') return current;
  const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(year >= CME_FIRST_YEAR && year <= current)) throw new BadRequestException({ message: [YEAR_MESSAGE(current)] });
  return year;
}

/** :TYPE of cme/{TYPE}/{ID}. */
export class TestTypePipe implements PipeTransform<string, CmeTestType> {
  transform(value: string): CmeTestType {
    if (!(CME_TEST_TYPES as readonly string[]).includes(value)) {
      throw new BadRequestException({ message: [`TYPE must be one of ${CME_TEST_TYPES.join(', ')}.`] });
    }
    return value as CmeTestType;
  }
}
