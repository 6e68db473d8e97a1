import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `pollMs` until stopped; `runNow` runs it at once (tests), `wake` when a commit
 * queued work (core/work-signal.ts). Never two runs at a time in one process.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Work was queued while a run was under way: that run may have looked before it was there. */
  private wokenWhileRunning = false;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<number>,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.stopped = false;
    this.schedule();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  runNow(): Promise<number> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
      if (!this.wokenWhileRunning) return;
      this.wokenWhileRunning = false;
      this.wake();
    });
    return this.running;
  }

  /** Runs at once, or once more after the run under way; nothing while stopped. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.runNow().catch((err) => this.log.error({ err }, `${this.name} failed`));
  }

  private schedule() {
    this.timer = setTimeout(async () => {
      await this.runNow().catch((err) => this.log.error({ err }, `${this.name} failed`));
      if (!this.stopped) this.schedule();
    }, this.pollMs);
    this.timer.unref();
  }
}
