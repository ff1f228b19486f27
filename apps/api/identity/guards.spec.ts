import { type ExecutionContext, ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '#libs/contracts/identity.js';
import { ROLES_KEY, RolesGuard } from './guards.js';
import type { RolesService } from './roles.service.js';

const contextFor = (required: Role[] | undefined, user?: { customerId: string; sessionId: string }) => {
  const handler = () => undefined;
  if (required) Reflect.defineMetadata(ROLES_KEY, required, handler);
  const request: { user?: unknown; roles?: Role[] } = { user };
  const context = {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
};

describe('RolesGuard', () => {
  const held: Role[] = ['elearning', 'streaming'];
  const guard = new RolesGuard(new Reflector(), { rolesOf: async () => held } as unknown as RolesService);
  const user = { customerId: 'c1', sessionId: 's1' };

  it('lets a route without @Roles through', async () => {
    expect(await guard.canActivate(contextFor(undefined, user).context)).toBe(true);
  });
  it('any one of the required roles suffices, and the roles are left on the request', async () => {
    const { context, request } = contextFor(['cme', 'streaming'], user);
    expect(await guard.canActivate(context)).toBe(true);
    expect(request.roles).toEqual(held);
  });
  it('a user lacking every required role gets 403', async () => {
    await expect(guard.canActivate(contextFor(['cme', 'cmePrint'], user).context)).rejects.toBeInstanceOf(
      ForbiddenException,
    );
  });
  it('no signed-in user gets 401', async () => {
    await expect(guard.canActivate(contextFor(['cme']).context)).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
