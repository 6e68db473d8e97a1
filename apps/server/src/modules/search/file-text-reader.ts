import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedText, TextFormat } from './file-text-content.js';

export interface ReadRequest {
  format: TextFormat;
  bytes: Uint8Array;
}

/** What the worker answers: 'ready' once its libraries are loaded, then one outcome per request. */
export type ReadAnswer = 'ready' | ReadOutcome;
export type ReadOutcome = ({ status: 'extracted' } & ExtractedText) | { status: 'unreadable'; reason: string };

export interface ReadLimits {
  /** How long one file may take. */
  timeMs: number;
  /** The worker's JavaScript heap. */
  heapMb: number;
  /**
   * How much the process's resident memory may grow while one file is read: the libraries' byte
   * buffers (a PDF stream that inflates to gigabytes) live outside the worker's heap.
   */
  growthBytes: number;
  /** An idle worker is stopped after this long, giving its memory back. */
  idleMs: number;
}

export const READ_LIMITS: ReadLimits = {
  timeMs: 60_000,
  heapMb: 512,
  growthBytes: 1024 * 1024 * 1024,
  idleMs: 30_000,
};

const MEMORY_CHECK_MS = 200;

/**
 * Reads files' text in a worker thread (file-text-worker.ts), one file at a time: the parsing
 * neither blocks the server's requests nor can take the process down. A file that takes longer
 * than the time limit or needs more memory than allowed is stopped with its worker and answered
 * as unreadable; the next file gets a new worker. A worker that cannot start is an error (the
 * job retries).
 */
export class FileTextReader {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly limits: ReadLimits = READ_LIMITS) {}

  read(format: TextFormat, bytes: Uint8Array): Promise<ReadOutcome> {
    const next = this.queue.then(() => this.readNow(format, bytes));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stops the worker; a read in progress fails, and so does every later one. */
  async close() {
    this.closed = true;
    await this.stopWorker();
  }

  private async readNow(format: TextFormat, bytes: Uint8Array): Promise<ReadOutcome> {
    clearTimeout(this.idleTimer);
    const worker = await this.started();
    worker.ref();
    try {
      return await this.exchange(worker, { format, bytes });
    } finally {
      worker.unref();
      if (this.worker === worker) {
        this.idleTimer = setTimeout(() => void this.stopWorker(), this.limits.idleMs).unref();
      }
    }
  }

  private exchange(worker: Worker, request: ReadRequest): Promise<ReadOutcome> {
    const { timeMs, growthBytes, heapMb } = this.limits;
    return new Promise((resolve, reject) => {
      const memoryAtStart = process.memoryUsage.rss();
      const settle = (outcome: ReadOutcome | Error, workerIsDone: boolean) => {
        clearTimeout(timer);
        clearInterval(memoryCheck);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (workerIsDone) void this.stopWorker();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(
        () => settle({ status: 'unreadable', reason: `not read within ${timeMs / 1000} s` }, true),
        timeMs,
      );
      const memoryCheck = setInterval(() => {
        if (process.memoryUsage.rss() - memoryAtStart <= growthBytes) return;
        settle({ status: 'unreadable', reason: `needs more than ${growthBytes / 1024 / 1024} MB of memory` }, true);
      }, MEMORY_CHECK_MS);
      const onMessage = (answer: ReadAnswer) => settle(answer as ReadOutcome, false);
      // The worker is ours and loaded: what stops it while it parses is the file (its heap limit above all).
      const onError = (error: Error & { code?: string }) =>
        settle(
          {
            status: 'unreadable',
            reason:
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? `needs more than ${heapMb} MB of memory`
                : `the reader failed: ${error.message.slice(0, 200)}`,
          },
          true,
        );
      const onExit = (code: number) => settle(new Error(`the file text worker stopped (exit code ${code})`), true);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A buffer of its own moves to the worker without a copy; a view of a shared one is copied.
      const { bytes } = request;
      const ownsBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      worker.postMessage(request, ownsBuffer ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  /** The worker, started and its libraries loaded; reads come one at a time, so it starts once. */
  private async started(): Promise<Worker> {
    if (this.closed) throw new Error('the file text reader is closed');
    if (this.worker) return this.worker;
    const worker = spawnWorker(this.limits.heapMb);
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        // Only these listeners go: the worker's own (removeAllListeners) carry its messages.
        worker.off('error', settle).off('exit', onExit).off('message', onReady);
        if (error) reject(error);
        else resolve();
      };
      const onExit = (code: number) =>
        settle(new Error(`the file text worker stopped while starting (exit code ${code})`));
      const onReady = () => settle();
      worker.once('error', settle).once('exit', onExit).once('message', onReady);
    });
    // An 'error' event without a listener would end the process; the read in progress has its own.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    worker.unref();
    if (this.closed) {
      await worker.terminate();
      throw new Error('the file text reader is closed');
    }
    this.worker = worker;
    return worker;
  }

  private async stopWorker() {
    const worker = this.worker;
    this.worker = undefined;
    clearTimeout(this.idleTimer);
    await worker?.terminate();
  }
}

/**
 * The built server runs dist/file-text-worker.js beside its main.js; from source (tsx, tests)
 * the worker is TypeScript, which a worker thread loads through tsx's API.
 */
function spawnWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./file-text-worker.js', import.meta.url), { resourceLimits });
  const entry = new URL('./file-text-worker.ts', import.meta.url).href;
  const load = `import(${JSON.stringify(tsxApi())}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { eval: true, resourceLimits });
}

/** tsx's ESM API (its CommonJS twin cannot register its loader in a worker). */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}
