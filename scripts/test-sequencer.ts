// The order in which vitest hands test files to its workers: the longest first, so the two
// workers end together instead of one running the last long file alone. A file's length is its
// duration in vitest's cache of the last local run, else the one recorded in
// scripts/test-durations.json (a fresh clone, as CI runs, has no cache; `node
// scripts/suite-times.mjs --write-durations` records the last run's reports). A file known to
// neither runs first, as vitest's own sequencer does (larger files first).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = fileURLToPath(new URL('test-durations.json', import.meta.url));

/** Seconds per test file (its path from the root), as written by suite-times.mjs. */
function recordedDurations(): Record<string, number> {
  return fs.existsSync(DURATIONS) ? (JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) as Record<string, number>) : {};
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const cache = this.ctx.cache;
    const fileOf = (file: TestSpecification) => path.relative(this.ctx.config.root, file.moduleId);
    const keyOf = (file: TestSpecification) => `${file.project.name}:${fileOf(file)}`;
    /** Milliseconds, or undefined when the file's length is not known. */
    const durationOf = (file: TestSpecification) => {
      const seconds = recorded[fileOf(file)];
      return cache.getFileTestResults(keyOf(file))?.duration ?? (seconds === undefined ? undefined : seconds * 1000);
    };
    const sizeOf = (file: TestSpecification) => cache.getFileStats(keyOf(file))?.size ?? 0;
    return [...files].sort((a, b) => {
      // Groups and projects as vitest orders them (projects one after another, isolated files first).
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const [da, db] = [durationOf(a), durationOf(b)];
      if (da === undefined || db === undefined) {
        if (da !== db) return da === undefined ? -1 : 1;
        return sizeOf(b) - sizeOf(a);
      }
      return db - da;
    });
  }
}
