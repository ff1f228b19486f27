import { ApiProperty } from '@nestjs/swagger';
import type { AccountAddress, AccountSaved, AccountUser } from '#libs/contracts/account.js';

/** Response shapes of the account page for the OpenAPI document (libs/contracts/account.ts). */
export class AccountAddressDto implements AccountAddress {
  @ApiProperty() ADDRESS!: string;
  @ApiProperty({ description: 'Empty when not given' }) ADDRESS2!: string;
  @ApiProperty() CITY!: string;
  @ApiProperty({ description: 'A US state key, or NOTUS' }) STATE!: string;
  @ApiProperty() ZIP!: string;
  @ApiProperty({ description: '3-letter country code' }) COUNTRY!: string;
}

export class AccountUserDto implements AccountUser {
  @ApiProperty() firstname!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty({ type: String, nullable: true }) suffix!: string | null;
  @ApiProperty() specialty!: string;
  @ApiProperty({ type: String, nullable: true }) status!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty() email!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A new email asked for and not yet confirmed through the link mailed to it',
  })
  pendingEmail!: string | null;
  @ApiProperty({ enum: [0, 1] }) autorenew!: 0 | 1;
  @ApiProperty({ type: AccountAddressDto, nullable: true, description: 'null until a shipping address is saved' })
  custshiptoaddress!: AccountAddressDto | null;
  @ApiProperty({ type: AccountAddressDto, nullable: true, description: 'null until a billing address is saved' })
  custbilltoaddress!: AccountAddressDto | null;
}

export class AccountBodyDto {
  @ApiProperty({ type: AccountUserDto }) data!: AccountUserDto;
}

export class AccountSavedDto implements AccountSaved {
  @ApiProperty({ enum: [1] }) success!: 1;
  @ApiProperty({ example: 'You have successfully saved your info.' }) message!: string;
  @ApiProperty({ type: AccountUserDto }) data!: AccountUserDto;
}
