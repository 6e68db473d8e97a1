// The order in which vitest hands test files to its workers: the longest first, so the two
// workers end together instead of one running the last long file alone. A file's length is the
// one recorded in scripts/test-durations.json (`node scripts/suite-times.mjs --write-durations`
// records the last run's reports), so that every checkout orders alike: a fresh clone, as CI runs,
// has no vitest cache, and a local cache remembers whatever ran last, a file alone or under load.
// Only a file not recorded there is timed by the cache; one known to neither runs first, as with
// vitest's own sequencer (larger files first).
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
      return seconds === undefined ? cache.getFileTestResults(keyOf(file))?.duration : seconds * 1000;
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
