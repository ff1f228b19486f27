import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '#libs/contracts/identity.js';
import { type AuthUser, SESSION_ENDED } from './jwt.strategy.js';
import { RolesService } from './roles.service.js';

export type { AuthUser } from './jwt.strategy.js';

/**
 * Login guard: a valid Bearer token whose session still runs, else 401. A check that could not be made
 * (the database away while the session is looked up) is no verdict on the session: its error goes on
 * as it is (503 from the error filter): a database outage never tells a customer that another device
 * took the session, and the session stays good for after it.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new UnauthorizedException(SESSION_ENDED);
    return user;
  }
}

export const ROLES_KEY = 'identity:roles';

/** The roles a route needs; any one suffices (storefront section 6). Use with `@UseGuards(JwtAuthGuard, RolesGuard)`. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const FORBIDDEN_ROLE = 'You do not have access to this resource.';

/** Role guard: 403 for a signed-in user who lacks every required role. Leaves the roles on `request.roles`. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly roles: RolesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required || required.length === 0) return true;
    const request = context.switchToHttp().getRequest<{ user?: AuthUser; roles?: Role[] }>();
    if (!request.user) throw new UnauthorizedException(SESSION_ENDED);
    const held = await this.roles.rolesOf(request.user.customerId);
    request.roles = held;
    if (!required.some((r) => held.includes(r))) throw new ForbiddenException(FORBIDDEN_ROLE);
    return true;
  }
}

/** The signed-in user ({ customerId, sessionId }) of a route behind JwtAuthGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser => context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
