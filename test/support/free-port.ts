import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports below Linux's ephemeral range (32768-60999 by default): the kernel never hands these out as
 * the local port of an outgoing connection, so a port a test frees (a shop it killed) and takes again
 * (the restart) cannot be taken meanwhile by some client's connection.
 */
const LOW = 20_000;
const HIGH = 32_767;

/** Can a server listen on this port of 127.0.0.1 right now? */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now, outside the range the kernel gives outgoing connections. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomInt(LOW, HIGH + 1);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
