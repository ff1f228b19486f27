import { ApiProperty, OmitType } from '@nestjs/swagger';
import type { CartCoupon, CartLine, CartView, CouponResponse, OfferResponse } from '#libs/contracts/cart.js';
import { ProductListItemDto } from '../catalog/index.js';

/** Response shapes of the cart for the OpenAPI document (libs/contracts/cart.ts). Money in integer cents. */
export class CartCouponBodyDto implements CartCoupon {
  @ApiProperty() code!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Cents off' }) discount!: number;
  @ApiProperty({ description: 'Applied by the shop itself (the CMEComplete combo)' }) auto!: boolean;
}

export class CartLineOfferDto {
  @ApiProperty() OFFER!: string;
  @ApiProperty() UID!: string;
}

/** The product copy a cart line carries: the list item without productprices. */
export class CartLineProductDto extends OmitType(ProductListItemDto, ['productprices'] as const) {}

/** `product` is the catalog's list item class, whose STREAMING is a plain number: hence the Omit. */
export class CartLineBodyDto implements Omit<CartLine, 'product'> {
  @ApiProperty({ description: 'Stable key of the line: DELETE /api/cart/items/{KEY}' }) KEY!: string;
  @ApiProperty({ type: 'integer' }) ID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty() DESCR!: string;
  @ApiProperty({ description: 'The item type (for books the chosen format)' }) TYPE!: string;
  @ApiProperty({ type: 'integer', description: 'Unit price in cents; per year for yearly types' }) PRICE!: number;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The number of years for yearly types' }) QTY!: number;
  @ApiProperty({ type: 'integer', enum: [1, 2, 3], nullable: true }) TERM!: 1 | 2 | 3 | null;
  @ApiProperty({ type: 'integer', description: 'PRICE x QTY, cents' }) LINE_TOTAL!: number;
  @ApiProperty({ description: 'Pounds' }) SHIP_WEIGHT!: number;
  @ApiProperty({ type: CartLineProductDto }) product!: CartLineProductDto;
  @ApiProperty({ type: CartLineOfferDto, nullable: true, description: 'Set on an offer or renewal line' })
  OFFER!: CartLineOfferDto | null;
}

export class CartBodyDto implements Omit<CartView, 'items'> {
  @ApiProperty({ description: "The visitor's uuid, or customer-{customerId}" }) cartId!: string;
  @ApiProperty({ type: [CartLineBodyDto] }) items!: CartLineBodyDto[];
  @ApiProperty({ type: CartCouponBodyDto, nullable: true }) coupon!: CartCouponBodyDto | null;
  @ApiProperty({ type: 'integer', description: 'Cents' }) SUBTOTAL!: number;
  @ApiProperty({ type: 'integer', description: 'Cents' }) DISCOUNT!: number;
  @ApiProperty({ type: 'integer', description: 'SUBTOTAL - DISCOUNT, cents' }) TOTAL!: number;
  @ApiProperty({ type: 'integer', description: 'The navigation badge' }) cartTotalQty!: number;
  @ApiProperty({ description: 'The CME purchase rule fails for this cart and customer' }) cmeWarning!: boolean;
}

export class CouponBodyDto implements Omit<CouponResponse, 'cart'> {
  @ApiProperty({ type: 'integer', enum: [0, 1] }) success!: 0 | 1;
  @ApiProperty({ type: CartCouponBodyDto, nullable: true }) data!: CartCouponBodyDto | null;
  @ApiProperty() message!: string;
  @ApiProperty({ type: CartBodyDto }) cart!: CartBodyDto;
}

export class OfferDataBodyDto {
  @ApiProperty() TYPE!: string;
  @ApiProperty({ type: 'integer', description: 'Cents (per year for yearly types)' }) UNITPRICE!: number;
  @ApiProperty({ type: 'integer' }) QTY!: number;
}

export class OfferBodyDto implements Omit<OfferResponse, 'cart'> {
  @ApiProperty({ type: 'integer', enum: [0, 1] }) success!: 0 | 1;
  @ApiProperty({ type: OfferDataBodyDto, nullable: true }) data!: OfferDataBodyDto | null;
  @ApiProperty({ type: CartBodyDto, nullable: true }) cart!: CartBodyDto | null;
}
