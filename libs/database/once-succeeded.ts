/**
 * `work` (a table made on first use, a limiter set up once) run until it has once succeeded: that
 * success is kept for every later call, a failure is not (the database was away), so the next call
 * tries again instead of answering the old failure for as long as the process lives.
 */
export function onceSucceeded<T>(work: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | null = null;
  return () => {
    if (!done) {
      const attempt = work();
      done = attempt;
      attempt.catch(() => {
        if (done === attempt) done = null;
      });
    }
    return done;
  };
}
