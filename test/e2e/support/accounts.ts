import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

/**
 * One device per account: two journeys logged in as the same demo account at once end each other's
 * session. A journey holds the account (a lock folder per run) while it uses it.
 */
export async function holdAccount(email: string, waitMs = 120_000): Promise<() => Promise<void>> {
  const dir = join(process.env.E2E_DATA_DIR ?? tmpdir(), `account-lock-${email}`);
  const started = Date.now();
  const deadline = started + waitMs;
  for (;;) {
    try {
      await mkdir(dir);
      // A wait is a worker idle: the report says who waited how long (docs/conventions.md, Tests).
      if (Date.now() - started >= 1_000) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        test.info().annotations.push({ type: 'account wait', description: `${email}: ${seconds} s` });
      }
      return () => rmdir(dir).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Runs a journey's steps while holding a demo account. */
export async function withAccount<T>(email: string, steps: () => Promise<T>): Promise<T> {
  const release = await holdAccount(email);
  try {
    return await steps();
  } finally {
    await release();
  }
}
