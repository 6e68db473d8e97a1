// One staleness rule for the build scripts: an output is stale when it is missing or older than
// the newest file among its sources (files or folders, walked recursively).
import fs from 'node:fs';
import path from 'node:path';

function newestChange(target, skip) {
  if (!fs.existsSync(target) || skip(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry), skip)));
}

/** True when `output` is missing or older than any of `sources` (paths skipped by `skip` do not count). */
export function isStale(output, sources, skip = () => false) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((source) => newestChange(source, skip)));
}
