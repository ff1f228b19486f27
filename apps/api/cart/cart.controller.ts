import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CartView, COUPON_MIN_LENGTH, type CouponResponse, type OfferResponse } from '#libs/contracts/cart.js';
import { JwtAuthGuard } from '../identity/index.js';
import {
  ApiCartIdHeader,
  ApiError,
  ApiOptionalBearer,
  ApiRequiredBearer,
  BAD_BODY,
} from '../kernel/errors.responses.js';
import {
  AddCartItemCommand,
  AddRenewalCommand,
  ApplyCartCouponCommand,
  type CartCaller,
  ClearCartCommand,
  MergeCartCommand,
  RedeemOfferCommand,
  RemoveCartCouponCommand,
  RemoveCartItemCommand,
} from './cart.messages.js';
import { AddItemDto, CouponDto, MergeDto, OfferDto, RenewalDto } from './cart.dto.js';
import { CartBodyDto, CouponBodyDto, OfferBodyDto } from './cart.responses.js';
import { CartService } from './cart.service.js';
import { type CartRequest, OptionalJwtAuthGuard } from './optional-auth.guard.js';

const CART_ID_REQUIRED_DOC = 'A cart id is required. (no session and no valid X-Cart-Id)';
const PAYING_DOC = 'This payment is still being processed. (the cart is locked while its order is paid)';

/** Resolves who asks: the cart (customer's or visitor's) and the customer's roles. */
async function callerOf(cart: CartService, request: CartRequest): Promise<CartCaller> {
  return { cartId: cart.cartIdFor(request), roles: await cart.rolesFor(request) };
}

/**
 * The cart (storefront sections 2 to 5): every call answers the cart as it is after the change, read
 * from the `carts` read model once the change is projected.
 */
@ApiTags('cart')
@ApiCartIdHeader()
@Controller('cart')
@UseGuards(OptionalJwtAuthGuard)
export class CartController {
  constructor(
    private readonly cart: CartService,
    private readonly commands: CommandBus,
  ) {}

  private async answer(run: (caller: CartCaller) => Promise<unknown>, request: CartRequest): Promise<CartView> {
    const caller = await callerOf(this.cart, request);
    await run(caller);
    return this.cart.view(caller.cartId, caller.roles);
  }

  @Get()
  @ApiOperation({ summary: 'The cart' })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, CART_ID_REQUIRED_DOC)
  async get(@Req() request: CartRequest): Promise<CartView> {
    return this.answer(async () => undefined, request);
  }

  @Post('items')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a product (Add to Cart, Subscribe)' })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, `${BAD_BODY}; quantity or term out of range, an unknown format, a past meeting, or no cart id`)
  @ApiError(404, 'Product not found')
  @ApiError(409, PAYING_DOC)
  addItem(@Req() request: CartRequest, @Body() body: AddItemDto): Promise<CartView> {
    return this.answer((caller) => this.commands.execute(new AddCartItemCommand(caller, body)), request);
  }

  @Delete('items/:key')
  @ApiOperation({ summary: 'Remove a line (by CartLine.KEY); an unknown key changes nothing' })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, `${CART_ID_REQUIRED_DOC}; a key with control characters`)
  @ApiError(409, PAYING_DOC)
  removeItem(@Req() request: CartRequest, @Param('key') key: string): Promise<CartView> {
    return this.answer((caller) => this.commands.execute(new RemoveCartItemCommand(caller, key)), request);
  }

  @Post('coupon')
  @HttpCode(200)
  @ApiOperation({ summary: 'Apply a coupon code: success 1, or success 0 with the message (always 200)' })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CouponBodyDto })
  @ApiError(400, `${BAD_BODY}; a code shorter than ${COUPON_MIN_LENGTH} characters, or no cart id`)
  @ApiError(409, PAYING_DOC)
  async applyCoupon(@Req() request: CartRequest, @Body() body: CouponDto): Promise<CouponResponse> {
    const caller = await callerOf(this.cart, request);
    const outcome = await this.commands.execute(new ApplyCartCouponCommand(caller, body.COUPON));
    const cart = await this.cart.view(caller.cartId, caller.roles);
    return { ...outcome, data: outcome.success === 1 ? cart.coupon : null, cart };
  }

  @Delete('coupon')
  @ApiOperation({ summary: "Remove the cart's coupon" })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, CART_ID_REQUIRED_DOC)
  @ApiError(409, PAYING_DOC)
  removeCoupon(@Req() request: CartRequest): Promise<CartView> {
    return this.answer((caller) => this.commands.execute(new RemoveCartCouponCommand(caller)), request);
  }

  @Delete()
  @ApiOperation({ summary: 'Empty the cart (the cart screen clear parameter)' })
  @ApiOptionalBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, CART_ID_REQUIRED_DOC)
  @ApiError(409, PAYING_DOC)
  clear(@Req() request: CartRequest): Promise<CartView> {
    return this.answer((caller) => this.commands.execute(new ClearCartCommand(caller)), request);
  }

  @Post('merge')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: "After login: move the anonymous cart into the customer's cart (idempotent)" })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, `${BAD_BODY}; the cartId is not a uuid`)
  @ApiError(409, PAYING_DOC)
  merge(@Req() request: CartRequest, @Body() body: MergeDto): Promise<CartView> {
    return this.answer(
      (caller) => this.commands.execute(new MergeCartCommand(caller, body.cartId.toLowerCase())),
      request,
    );
  }

  @Post('renewals')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Renew a subscription held or once held, at 10% off the per-year price of the term' })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: CartBodyDto })
  @ApiError(400, `${BAD_BODY}; a subscription never held, a bad TYPE, or a term not offered`)
  @ApiError(404, 'Product not found')
  @ApiError(409, PAYING_DOC)
  renew(@Req() request: CartRequest, @Body() body: RenewalDto): Promise<CartView> {
    return this.answer(
      (caller) => this.commands.execute(new AddRenewalCommand(caller, request.user?.customerId ?? '', body)),
      request,
    );
  }
}

/** Marketing offers (market/{OFFER}/{UID}, storefront section 3). */
@ApiTags('cart')
@ApiCartIdHeader()
@ApiOptionalBearer()
@Controller('offers')
@UseGuards(OptionalJwtAuthGuard)
export class OffersController {
  constructor(
    private readonly cart: CartService,
    private readonly commands: CommandBus,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem an offer into the cart; success 0 when unknown or expired (the web goes home)' })
  @ApiOkResponse({ type: OfferBodyDto })
  @ApiError(400, `${BAD_BODY}; or no cart id`)
  @ApiError(409, PAYING_DOC)
  async redeem(@Req() request: CartRequest, @Body() body: OfferDto): Promise<OfferResponse> {
    const caller = await callerOf(this.cart, request);
    const data = await this.commands.execute(new RedeemOfferCommand(caller, body.OFFER, body.UID));
    if (data === null) return { success: 0, data: null, cart: null };
    return { success: 1, data, cart: await this.cart.view(caller.cartId, caller.roles) };
  }
}
