/**
 * What a process started, stopped in reverse order: each start pushes its stop. A stop that fails is
 * reported and the others still run, so a bad adapter never leaves the database server running.
 */
export class ShutdownStack {
  private readonly stops: (() => Promise<void>)[] = [];
  private stoppingFlag = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** True once `stopAll` began: errors of connections being closed are expected then. */
  get stopping(): boolean {
    return this.stoppingFlag;
  }

  push(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }

  async stopAll(): Promise<void> {
    this.stoppingFlag = true;
    while (this.stops.length > 0) {
      const stop = this.stops.pop()!;
      try {
        await stop();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
