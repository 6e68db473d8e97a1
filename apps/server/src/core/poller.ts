import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `pollMs` until stopped; `runNow` runs it at once (tests, or after a commit
 * that queued work). Never two runs at a time in one process.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

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
    this.running ??= this.work().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule() {
    this.timer = setTimeout(async () => {
      await this.runNow().catch((err) => this.log.error({ err }, `${this.name} failed`));
      if (!this.stopped) this.schedule();
    }, this.pollMs);
    this.timer.unref();
  }
}
