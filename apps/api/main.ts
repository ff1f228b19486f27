import { loadConfig } from '#libs/config/config.js';
import { startShop } from './bootstrap.js';

const config = loadConfig();
try {
  const shop = await startShop(config);
  process.stdout.write(`The shop is open at http://localhost:${config.PORT} (API docs: /api/docs)\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: stopping\n`);
    void shop.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  // One clear line on a start-up failure (port taken, database unreachable), not a stack trace.
  process.stderr.write(`The shop could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
