import type { IncomingHttpHeaders } from 'node:http';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { type AuthUser, JwtAuthGuard } from '../identity/index.js';

/**
 * The cart's guard: a visitor (no Authorization header) passes without a user; a request that sends
 * a token is authenticated exactly as JwtAuthGuard does it (the JWT strategy and its session check),
 * so a token whose session ended (a login elsewhere) answers 401 here too.
 */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders }>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }
}

/** A request after OptionalJwtAuthGuard: `user` is set for a customer, absent for a visitor. */
export interface CartRequest {
  headers: IncomingHttpHeaders;
  user?: AuthUser;
}
