import { ClsServiceManager } from 'nestjs-cls';
import { correlationIdMixin, RequestContext, SYSTEM } from './request-context.js';

describe('RequestContext', () => {
  const context = new RequestContext(ClsServiceManager.getClsService());

  it('given work no request started, when it runs in a context of its own, then commands and log lines carry that context', async () => {
    const seen = await context.run({ actorId: 'customer-1', correlationId: 'corr-1', causationId: 'event-9' }, () =>
      Promise.resolve({ command: context.current(), log: correlationIdMixin() }),
    );
    expect(seen.command).toEqual({ actorId: 'customer-1', correlationId: 'corr-1', causationId: 'event-9' });
    expect(seen.log).toEqual({ correlationId: 'corr-1' });
  });

  it('a context without a correlation id gets a new one, different each run', async () => {
    const first = await context.run({ actorId: 'x' }, () => Promise.resolve(context.current().correlationId));
    const second = await context.run({ actorId: 'x' }, () => Promise.resolve(context.current().correlationId));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('a nested run does not leak into its parent', async () => {
    const outer = await context.run({ actorId: 'outer', correlationId: 'c-outer' }, async () => {
      await context.run({ actorId: 'inner', correlationId: 'c-inner' }, () => Promise.resolve());
      return context.current();
    });
    expect(outer).toEqual({ actorId: 'outer', correlationId: 'c-outer' });
  });

  it("a step caused by an event keeps the running context's actor and correlation id, with the event as cause", async () => {
    const seen = await context.run({ actorId: 'customer-2', correlationId: 'corr-2' }, () =>
      context.causedBy('event-7', () => Promise.resolve(context.current())),
    );
    expect(seen).toEqual({ actorId: 'customer-2', correlationId: 'corr-2', causationId: 'event-7' });
  });

  it('outside any context the system acts under a fresh id, and log lines carry none', () => {
    expect(context.current().actorId).toBe(SYSTEM);
    expect(correlationIdMixin()).toEqual({});
  });
});
