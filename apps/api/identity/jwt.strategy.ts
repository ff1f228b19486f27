import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import { isSessionActive } from '#libs/read-models/sessions.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import type { SessionClaims } from './session.handlers.js';

/** The signed-in user as guards and handlers see it. */
export interface AuthUser {
  customerId: string;
  sessionId: string;
}

export const SESSION_ENDED = 'Please login again. Only 1 device per user account can be logged in at a time.';

/** The verified claims as they arrive: checked field by field, nothing is assumed. */
type ReceivedClaims = Partial<SessionClaims> & { exp?: unknown };

/**
 * Bearer JWT (HS256, with an expiry: a token without `exp` is refused, as an expired one is), then the
 * session must still run: a login elsewhere ended it (one device per account).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    if (!config.JWT_SECRET) throw new Error('JWT_SECRET is not set');
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: ReceivedClaims): Promise<AuthUser> {
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      throw new UnauthorizedException(SESSION_ENDED);
    if (!(await isSessionActive(this.pool, payload.sub, payload.sid))) throw new UnauthorizedException(SESSION_ENDED);
    return { customerId: payload.sub, sessionId: payload.sid };
  }
}
