import {
  BadRequestException,
  Controller,
  Get,
  Inject,
  NotFoundException,
  Param,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import { receiptEvents } from '#libs/catalog/meetings.queries.js';
import {
  type CardOnFile,
  ORDER_PAGE_SIZE,
  type OrderHistoryPage,
  type Receipt,
  type Subscriptions,
} from '#libs/contracts/cart.js';
import type { ExpiringSubscription } from '#libs/contracts/identity.js';
import { RENEWABLE_TYPES } from '#libs/contracts/renewals.js';
import { cardOf } from '#libs/read-models/cards.js';
import { isSubscriptionType } from '#libs/domain/pricing/renewal.js';
import { decodeOrderCursor, orderHistoryPage } from '#libs/read-models/order-history.js';
import { receiptOf } from '#libs/read-models/receipts.js';
import { subscriptionRenewals, subscriptionsOf } from '#libs/read-models/renewal-terms.js';
import { OptionalJwtAuthGuard, type CartRequest } from '../cart/index.js';
import {
  type AuthUser,
  CurrentUser,
  ExpiringSubscriptionsBodyDto,
  JwtAuthGuard,
  RolesService,
} from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiOptionalBearer, ApiRequiredBearer } from '../kernel/errors.responses.js';
import { ORDER_AFTER_MESSAGE, ORDER_LIMIT_MESSAGE, RECEIPT_NOT_AUTHORIZED } from './checkout-errors.js';
import { OrderHistoryQueryDto } from './checkout.dto.js';
import { CardBodyDto, OrderHistoryBodyDto, ReceiptBodyDto, SubscriptionsDto } from './checkout.responses.js';
import { CheckoutService } from './checkout.service.js';

/** Orders, receipts, subscriptions and the card on file of the signed-in customer (signed-in sections 2 and 7). */
@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly checkout: CheckoutService,
    private readonly roles: RolesService,
    private readonly clock: Clock,
  ) {}

  @Get('orders')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'The Orders tab: DATE, ONUM and products of each paid order, newest first, a page at a time',
  })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: OrderHistoryBodyDto })
  @ApiError(400, `${ORDER_LIMIT_MESSAGE} / ${ORDER_AFTER_MESSAGE} / an unknown parameter`)
  async orders(@CurrentUser() user: AuthUser, @Query() query: OrderHistoryQueryDto): Promise<OrderHistoryPage> {
    const after = query.after === undefined ? null : decodeOrderCursor(query.after);
    if (query.after !== undefined && after === null) throw new BadRequestException({ message: [ORDER_AFTER_MESSAGE] });
    return orderHistoryPage(this.pool, user.customerId, query.limit ?? ORDER_PAGE_SIZE.default, after);
  }

  @Get('orders/:onum')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({ summary: "The receipt: the buyer's session, or a guest's receipt token; anyone else 404" })
  @ApiOptionalBearer()
  @ApiParam({ name: 'onum', schema: { type: 'string' }, description: 'The order number' })
  @ApiQuery({ name: 'token', required: false, schema: { type: 'string' }, description: "A guest's receipt token" })
  @ApiOkResponse({ type: ReceiptBodyDto })
  @ApiError(400, 'A parameter with control characters')
  @ApiError(404, RECEIPT_NOT_AUTHORIZED)
  async receipt(
    @Req() request: CartRequest,
    @Param('onum') onum: string,
    @Query('token') token?: string,
  ): Promise<{ data: Receipt }> {
    const stored = /^\d{1,12}$/.test(onum) ? await receiptOf(this.pool, onum) : null;
    const owner = stored?.customerId ?? null;
    const allowed =
      stored !== null &&
      stored.paid &&
      (owner !== null
        ? request.user?.customerId === owner
        : typeof token === 'string' && this.checkout.receiptTokenMatches(onum, token));
    if (!stored || !allowed) throw new NotFoundException(RECEIPT_NOT_AUTHORIZED);
    const ids = stored.receipt.PRODUCTS.map((p) => p.PRODUCTID);
    const events = await receiptEvents(this.pool, ids);
    return { data: { ...stored.receipt, EVENTS: events, ...(await this.renewalsOf(owner, stored.receipt.PRODUCTS)) } };
  }

  /** The receipt's renewal terms: the running subscriptions its order bought, and the card a renewal charges. */
  private async renewalsOf(
    owner: string | null,
    products: readonly { TYPE: string }[],
  ): Promise<Pick<Receipt, 'RENEWALS' | 'CARDONFILE'>> {
    if (owner === null) return { RENEWALS: [], CARDONFILE: null };
    const types = RENEWABLE_TYPES.filter((type) => products.some((p) => subscriptionOf(p.TYPE) === type));
    if (types.length === 0) return { RENEWALS: [], CARDONFILE: null };
    const [RENEWALS, card] = await Promise.all([
      subscriptionRenewals(this.pool, owner, this.clock.now(), types),
      cardOf(this.pool, owner),
    ]);
    return { RENEWALS, CARDONFILE: card ? { BRAND: card.BRAND, LAST4: card.LAST4 } : null };
  }

  @Get('subscriptions')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary:
      "Expiry per subscription type ('YYYY-MM-DD', or 0000-00-00 for none), and each running one's renewal terms and auto-renew",
  })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: SubscriptionsDto })
  async subscriptions(@CurrentUser() user: AuthUser): Promise<Subscriptions> {
    return subscriptionsOf(this.pool, user.customerId, this.clock.now());
  }

  @Get('subscriptions/expiring')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Subscriptions that end soon (the expiring-subscription toast)' })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: ExpiringSubscriptionsBodyDto })
  async expiring(@CurrentUser() user: AuthUser): Promise<{ data: ExpiringSubscription[] }> {
    return { data: await this.roles.expirations(user.customerId) };
  }

  @Get('card')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'The card on file: brand, last four and expiry only' })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: CardBodyDto })
  async card(@CurrentUser() user: AuthUser): Promise<{ data: CardOnFile | null }> {
    const card = await cardOf(this.pool, user.customerId);
    return { data: card ? { BRAND: card.BRAND, LAST4: card.LAST4, MONTH: card.MONTH, YEAR: card.YEAR } : null };
  }
}

/** The subscription an order line's TYPE grants (STREAMING_ALL: streaming_all), if any. */
function subscriptionOf(lineType: string): string | null {
  const type = lineType.toLowerCase();
  return isSubscriptionType(type) ? type : null;
}
