import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type CardOnFile,
  type OrderHistoryEntry,
  type OrderHistoryPage,
  type OrderRefundLine,
  type OrderTotals,
  type PayResponse,
  type PaymentAction,
  type Quote,
  type Receipt,
  type ReceiptLine,
  type Subscriptions,
} from '#libs/contracts/cart.js';
import {
  RENEWABLE_TYPES,
  type RenewableType,
  type RenewalTerms,
  type SubscriptionRenewal,
} from '#libs/contracts/renewals.js';

/** Response shapes of checkout and orders for the OpenAPI document (libs/contracts/cart.ts). Money in cents. */
export class OrderTotalsDto implements OrderTotals {
  @ApiProperty({ type: 'integer', description: 'Cents' }) SUBTOTAL!: number;
  @ApiProperty({ type: 'integer', description: 'Cents' }) DISCOUNT!: number;
  @ApiProperty({ type: 'integer', description: 'Cents' }) TAX!: number;
  @ApiProperty({ type: 'integer', description: 'Cents' }) SHIPCOST!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The coupon code applied' }) COUPON!: string | null;
}

const DAY = { pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

export class RenewalTermsDto implements RenewalTerms {
  @ApiProperty({ enum: RENEWABLE_TYPES }) TYPE!: RenewableType;
  @ApiProperty({ type: String, nullable: true, description: 'The product a renewal buys a year of; null: none sold' })
  PRODUCTNAME!: string | null;
  @ApiProperty({ ...DAY, description: "The subscription's expiry (in a quote: once this order is paid), YYYY-MM-DD" })
  EXPIRES!: string;
  @ApiProperty({
    ...DAY,
    type: String,
    nullable: true,
    description:
      'The day the card on file is charged for the renewal when auto-renew is on (7 days before EXPIRES, or today once that day passed); null: not renewed automatically',
  })
  RENEWS!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "One year's renewal price in cents (10% off), before sales tax",
  })
  PRICE!: number | null;
}

export class SubscriptionRenewalDto extends RenewalTermsDto implements SubscriptionRenewal {
  @ApiProperty({
    enum: [0, 1],
    description: "1: renews automatically (the subscription's own choice, else the account's)",
  })
  AUTORENEW!: 0 | 1;
}

export class QuoteResponseDto implements Quote {
  @ApiProperty({ type: OrderTotalsDto }) ORDER!: OrderTotalsDto;
  @ApiProperty({ type: 'integer', description: 'Cents' }) TOTAL!: number;
  @ApiProperty({ description: 'The cart holds something that ships' }) SHIPS!: boolean;
  @ApiProperty({
    type: [RenewalTermsDto],
    description:
      "Each subscription the cart buys, renewed yearly once paid (a signed-in customer's; empty for a visitor)",
  })
  RENEWALS!: RenewalTermsDto[];
}

export class PaymentActionDto implements PaymentAction {
  @ApiProperty({ enum: ['authenticate'] }) TYPE!: 'authenticate';
  @ApiProperty({ description: "The PaymentIntent's client secret, for Stripe.js" }) CLIENTSECRET!: string;
}

export class PayResponseDto implements PayResponse {
  @ApiProperty({ type: String, nullable: true, description: 'The order number when paid' }) ONUM!: string | null;
  @ApiProperty({ type: [String], description: "Empty when paid; the gateway's error texts otherwise" })
  ERRORS!: string[];
  @ApiProperty({ type: String, nullable: true, description: "A guest's token that opens the receipt" })
  RECEIPTTOKEN!: string | null;
  @ApiPropertyOptional({
    type: PaymentActionDto,
    nullable: true,
    description:
      'The bank asks for 3-D Secure: nothing charged yet. Stripe.js confirmCardPayment(CLIENTSECRET), then the same Pay again with the same Idempotency-Key',
  })
  ACTION?: PaymentActionDto | null;
}

type ReceiptContact = Receipt['ATTJSON'];

export class ReceiptContactDto implements ReceiptContact {
  @ApiProperty() FIRSTNAME!: string;
  @ApiProperty() LASTNAME!: string;
  @ApiPropertyOptional() company?: string;
  @ApiProperty() ADDRESS!: string;
  @ApiPropertyOptional() ADDRESS2?: string;
  @ApiProperty() CITY!: string;
  @ApiProperty() STATE!: string;
  @ApiProperty() ZIP!: string;
  @ApiProperty() COUNTRY!: string;
  @ApiProperty() PHONE!: string;
  @ApiProperty() EMAIL!: string;
}

export class ReceiptLineDto implements ReceiptLine {
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty() PRODUCTNAME!: string;
  @ApiProperty() TYPE!: string;
  @ApiProperty({ type: 'integer', description: 'Cents' }) UNITPRICE!: number;
  @ApiProperty({ type: 'integer' }) QTY!: number;
  @ApiProperty({ type: 'integer', description: 'Cents' }) TOTAL!: number;
}

export class ReceiptCardDto {
  @ApiProperty() BRAND!: string;
  @ApiProperty() LAST4!: string;
}

export class ReceiptEventDto {
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: String, nullable: true }) VENUE!: string | null;
  @ApiProperty({ type: String, nullable: true }) HOTEL!: string | null;
}

export class OrderRefundLineDto implements OrderRefundLine {
  @ApiProperty({ type: 'integer', description: 'Cents given back' }) AMOUNT!: number;
  @ApiProperty({ description: 'ISO date-time of the refund' }) DATE!: string;
}

export class ReceiptDto implements Receipt {
  @ApiProperty() ONUM!: string;
  @ApiProperty({ description: 'ISO date-time of the payment' }) DATE!: string;
  @ApiProperty({ type: ReceiptContactDto }) ATTJSON!: ReceiptContactDto;
  @ApiProperty({ type: [ReceiptLineDto] }) PRODUCTS!: ReceiptLineDto[];
  @ApiProperty({ type: OrderTotalsDto }) ORDER!: OrderTotalsDto;
  @ApiProperty({ type: 'integer', description: 'Cents' }) TOTAL!: number;
  @ApiProperty({ type: ReceiptCardDto }) CARD!: ReceiptCardDto;
  @ApiProperty({ type: String, nullable: true, description: "The buyer's status" }) CATEGORY!: string | null;
  @ApiProperty({ type: [ReceiptEventDto] }) EVENTS!: ReceiptEventDto[];
  @ApiProperty({ type: [OrderRefundLineDto], description: 'Refunds, oldest first' }) REFUNDS!: OrderRefundLineDto[];
  @ApiProperty({
    type: [SubscriptionRenewalDto],
    description: 'The running subscriptions this order bought: renewal terms and auto-renew as set now',
  })
  RENEWALS!: SubscriptionRenewalDto[];
  @ApiProperty({ type: ReceiptCardDto, nullable: true, description: 'The card on file a renewal charges, or null' })
  CARDONFILE!: ReceiptCardDto | null;
}

export class ReceiptBodyDto {
  @ApiProperty({ type: ReceiptDto }) data!: ReceiptDto;
}

export class OrderHistoryProductDto {
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty() PRODUCTNAME!: string;
  @ApiProperty() TYPE!: string;
}

export class OrderHistoryEntryDto implements OrderHistoryEntry {
  @ApiProperty({ description: 'ISO date-time' }) DATE!: string;
  @ApiProperty() ONUM!: string;
  @ApiProperty({ type: [OrderHistoryProductDto] }) PRODUCTS!: OrderHistoryProductDto[];
  @ApiProperty({ type: [OrderRefundLineDto], description: 'Refunds, oldest first' }) REFUNDS!: OrderRefundLineDto[];
}

export class OrderHistoryBodyDto implements OrderHistoryPage {
  @ApiProperty({ type: [OrderHistoryEntryDto], description: 'At most `limit` orders, newest first' })
  data!: OrderHistoryEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The `after` of the next page, or null on the last page',
  })
  NEXT!: string | null;
}

const EXPIRY = { pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD', or '0000-00-00' for none" };

export class SubscriptionsDto implements Subscriptions {
  @ApiProperty(EXPIRY) cme_expire!: string;
  @ApiProperty(EXPIRY) complete_expire!: string;
  @ApiProperty(EXPIRY) streaming_all_expire!: string;
  @ApiProperty(EXPIRY) elearning_expire!: string;
  @ApiProperty({
    type: [SubscriptionRenewalDto],
    description: 'Each running subscription: renewal terms and auto-renew',
  })
  RENEWALS!: SubscriptionRenewalDto[];
}

export class CardOnFileDto implements CardOnFile {
  @ApiProperty() BRAND!: string;
  @ApiProperty() LAST4!: string;
  @ApiProperty() MONTH!: string;
  @ApiProperty() YEAR!: string;
}

export class CardBodyDto {
  @ApiProperty({ type: CardOnFileDto, nullable: true, description: 'null without a card on file' })
  data!: CardOnFileDto | null;
}
