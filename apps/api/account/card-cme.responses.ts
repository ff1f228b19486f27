import { ApiProperty } from '@nestjs/swagger';
import type { CardSaved, CmeInfo, CmeInfoSaved } from '#libs/contracts/account.js';
import type { CardOnFile } from '#libs/contracts/cart.js';

/** Response shapes of the Card and CME info tabs for the OpenAPI document (libs/contracts/account.ts). */
export class AccountCardDto implements CardOnFile {
  @ApiProperty({ example: 'Visa' }) BRAND!: string;
  @ApiProperty({ example: '4242', description: 'The last four digits (shown as XXXX 4242)' }) LAST4!: string;
  @ApiProperty({ example: '12' }) MONTH!: string;
  @ApiProperty({ example: '2030' }) YEAR!: string;
}

export class CardSavedDto implements CardSaved {
  @ApiProperty({ enum: [1] }) success!: 1;
  @ApiProperty({ example: 'You have successfully saved your info.' }) message!: string;
  @ApiProperty({ type: AccountCardDto, description: 'The card on file as it now is' }) data!: AccountCardDto;
}

export class CmeInfoDataDto implements CmeInfo {
  @ApiProperty({ type: String, nullable: true, example: '04/12/1975', description: 'MM/DD/YYYY; null when none' })
  DOB!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'NY', description: 'USPS code; null when none' })
  LICENSESTATE!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'MD-2741983', description: 'null when none' })
  LICENSENUMBER!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ABS-118822', description: 'ABMS board id; null when none' })
  BOARDID!: string | null;
}

export class CmeInfoBodyDto {
  @ApiProperty({ type: CmeInfoDataDto }) data!: CmeInfoDataDto;
}

export class CmeInfoSavedDto implements CmeInfoSaved {
  @ApiProperty({ enum: [1] }) success!: 1;
  @ApiProperty({ example: 'You have successfully saved your info.' }) message!: string;
  @ApiProperty({ type: CmeInfoDataDto }) data!: CmeInfoDataDto;
}
