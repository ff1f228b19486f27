import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  BOARD_ID_MESSAGE,
  type CardEntry,
  type CardRequest,
  type CmeInfoRequest,
  LICENSE_ID_PATTERN,
  LICENSE_NUMBER_MESSAGE,
  LICENSE_PAIR_MESSAGE,
  LICENSE_STATE_MESSAGE,
  LICENSE_STATES,
} from '#libs/contracts/account.js';
import { DOB_FORMAT_MESSAGE, DOB_REQUIRED_MESSAGE, PAYMENT_METHOD_MESSAGE } from '../checkout/index.js';
import { calendarDate, MatchesWhenGiven, WhenGiven } from '../kernel/validators.js';

/**
 * Wire DTOs of the Card and CME info tabs (libs/contracts/account.ts), with the field messages of
 * signed-in section 8 and the limits of section 5 (card number 16, month 01-12, years 2025-2035,
 * security code max 4). No message ever repeats the value it refuses (a card number must not reach
 * an answer or a log line).
 */

const required = (field: string) => Matches(/\S/, { message: `${field} is required.` });

export const CARD_YEAR_FIRST = 2025;
export const CARD_YEAR_LAST = 2035;
export const CARD_NUMBER_MESSAGE = 'Card Number must be 12 to 16 digits.';
export const CARD_MONTH_MESSAGE = 'Card Month must be a month from 01 to 12.';
export const CARD_YEAR_MESSAGE = `Card Year must be a year from ${CARD_YEAR_FIRST} to ${CARD_YEAR_LAST}.`;
export const SECURITY_CODE_MESSAGE = 'Security Code must be 3 or 4 digits.';
export const PAY_REQUIRED_MESSAGE = 'pay (the card) is required.';
export const ONE_CARD_MESSAGE = 'Give either pay or PAYMENTMETHOD, not both.';
export const DOB_RANGE_MESSAGE = 'Date of Birth must be a date from 01/01/1900 to today.';

/** Card numbers of 12 to 16 digits; a space or a dash between two digits is allowed (as printed on the card). */
const CARD_NUMBER = /^\d(?:[ -]?\d){11,15}$/;
const YEAR = new RegExp(
  `^(${Array.from({ length: CARD_YEAR_LAST - CARD_YEAR_FIRST + 1 }, (_, i) => CARD_YEAR_FIRST + i).join('|')})$`,
);

/** Never stored, never logged: handed to the gateway and forgotten. */
export class CardEntryDto implements CardEntry {
  @ApiProperty({ description: '12-16 digits; a space or dash between digits is allowed', example: '4242424242424242' })
  @required('Card Number')
  @MatchesWhenGiven(CARD_NUMBER, CARD_NUMBER_MESSAGE)
  CC!: string;

  @ApiProperty({ description: '01-12 (1-9 without the zero too)', example: '12' })
  @required('Card Month')
  @MatchesWhenGiven(/^(0?[1-9]|1[0-2])$/, CARD_MONTH_MESSAGE)
  MONTH!: string;

  @ApiProperty({ description: `${CARD_YEAR_FIRST}-${CARD_YEAR_LAST}`, example: '2030' })
  @required('Card Year')
  @MatchesWhenGiven(YEAR, CARD_YEAR_MESSAGE)
  YEAR!: string;

  @ApiProperty({ description: '3 or 4 digits', example: '123' })
  @required('Security Code')
  @MatchesWhenGiven(/^\d{3,4}$/, SECURITY_CODE_MESSAGE)
  SC!: string;
}

export class CardRequestDto implements CardRequest {
  @ApiPropertyOptional({
    type: CardEntryDto,
    description: 'The card typed in (the sandbox); required without PAYMENTMETHOD',
  })
  @ValidateIf((body: CardRequestDto) => body.PAYMENTMETHOD === undefined || body.pay !== undefined)
  @IsDefined({ message: PAY_REQUIRED_MESSAGE })
  @IsObject({ message: PAY_REQUIRED_MESSAGE })
  @ValidateNested()
  @Type(() => CardEntryDto)
  pay?: CardEntryDto;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'With the Stripe gateway: the payment method Stripe.js made (pm_...), instead of pay; null: none',
  })
  @IsOptional()
  @IsString({ message: PAYMENT_METHOD_MESSAGE })
  @Matches(/^pm_[A-Za-z0-9_]{1,200}$/, { message: PAYMENT_METHOD_MESSAGE })
  PAYMENTMETHOD?: string | null;
}

/** Text with something in it, after trimming. */
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** null, or text (empty: not given) that passes `check` when given; anything else fails with `message`. */
const OptionalText = (name: string, check: (text: string) => boolean, message: string): PropertyDecorator =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) =>
        value === null || value === undefined || (typeof value === 'string' && (!filled(value) || check(value.trim()))),
      defaultMessage: () => message,
    },
  });

const STATES: readonly string[] = LICENSE_STATES;

/**
 * The CME info tab: the date of birth (from 1900 on is checked here; "not after today" by the handler,
 * on the shop's clock, with the same message) and the optional licence fields of the PARS export.
 */
export class CmeInfoDto implements CmeInfoRequest {
  @ApiProperty({ description: 'MM/DD/YYYY, a real date from 01/01/1900 to today', example: '04/12/1975' })
  @Matches(/\S/, { message: DOB_REQUIRED_MESSAGE })
  @WhenGiven('isCalendarDate', (text) => calendarDate(text) !== null, DOB_FORMAT_MESSAGE)
  @WhenGiven('isDobFrom1900', (text) => (calendarDate(text)?.year ?? 1900) >= 1900, DOB_RANGE_MESSAGE)
  DOB!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    // No enum or pattern in the document: the rules trim first, which a schema cannot say.
    description:
      'The state of the medical licence: the USPS code of a state, DC or a territory (any case); empty or null: none. Goes with LICENSENUMBER',
    example: 'NY',
  })
  @OptionalText('isLicenseState', (text) => STATES.includes(text.toUpperCase()), LICENSE_STATE_MESSAGE)
  LICENSESTATE?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'The state medical licence number (or NPI): 1 to 30 letters, digits, spaces, dots or dashes; empty or null: none. Goes with LICENSESTATE',
    example: 'MD-2741983',
  })
  // Checked whenever either half of the licence is sent, so a state without a number is named.
  @ValidateIf((body: CmeInfoDto) => body.LICENSESTATE != null || body.LICENSENUMBER != null)
  @OptionalText('isLicenseNumber', (text) => LICENSE_ID_PATTERN.test(text), LICENSE_NUMBER_MESSAGE)
  @ValidateBy({
    name: 'licenseGoesWithState',
    validator: {
      validate: (_value: unknown, args) => {
        const body = args?.object as CmeInfoDto;
        return filled(body.LICENSESTATE) === filled(body.LICENSENUMBER);
      },
      defaultMessage: () => LICENSE_PAIR_MESSAGE,
    },
  })
  LICENSENUMBER?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      "The physician's id at their ABMS certifying board: 1 to 30 letters, digits, spaces, dots or dashes; empty or null: none",
    example: 'ABS-118822',
  })
  @IsOptional()
  @OptionalText('isBoardId', (text) => LICENSE_ID_PATTERN.test(text), BOARD_ID_MESSAGE)
  BOARDID?: string | null;
}
