import { ShutdownStack } from './shutdown-stack.js';

it('stops in reverse order, reports a failing stop and still runs the others', async () => {
  const order: string[] = [];
  const errors: unknown[] = [];
  const stack = new ShutdownStack((e) => errors.push(e));
  stack.push(async () => void order.push('database'));
  stack.push(async () => {
    throw new Error('broker gone');
  });
  stack.push(async () => void order.push('http'));
  expect(stack.stopping).toBe(false);
  await stack.stopAll();
  expect(order).toEqual(['http', 'database']);
  expect(errors).toEqual([new Error('broker gone')]);
  expect(stack.stopping).toBe(true);
  await stack.stopAll(); // a second call has nothing left to stop
  expect(order).toHaveLength(2);
});
