// Summary of a V8 CPU profile (`node --cpu-prof`): self time by module and by function
// (`npx tsx bench/cpu-profile.ts --help`). bench/load.ts --cpu-prof uses it on the server's profile.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCommandLine } from './cli.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code comes from: an npm package, Node itself, the app's bundle, or V8. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(V8 / native)';
  const packages = url.split('/node_modules/');
  if (packages.length > 1) {
    const rest = packages[packages.length - 1]!.split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node (HTTP, streams, timers ...)';
  if (url.includes('/apps/server/dist/')) return 'the app (apps/server/dist/main.js)';
  return url;
}

export interface ProfileSummary {
  /** Time with the thread busy (every sample but "(idle)"), which the shares are of. */
  totalMs: number;
  idleMs: number;
  modules: { name: string; ms: number }[];
  functions: { name: string; module: string; ms: number }[];
}

/** Self time of every sample taken `skipMs` or more after the profile started (to leave out the start-up). */
export function summariseCpuProfile(file: string, skipMs = 0): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  let elapsedMs = 0;
  profile.samples.forEach((id, i) => {
    const deltaMs = (profile.timeDeltas[i] ?? 0) / 1000;
    elapsedMs += deltaMs;
    if (elapsedMs >= skipMs) selfMs.set(id, (selfMs.get(id) ?? 0) + deltaMs);
  });
  const modules = new Map<string, number>();
  const functions = new Map<string, { module: string; ms: number }>();
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const module = moduleOf(url, functionName);
    modules.set(module, (modules.get(module) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();
    const entry = functions.get(name) ?? { module, ms: 0 };
    entry.ms += ms;
    functions.set(name, entry);
  }
  const byTime = <T extends { ms: number }>(a: T, b: T) => b.ms - a.ms;
  const idleMs = modules.get('(idle)') ?? 0;
  modules.delete('(idle)');
  functions.delete('(idle)');
  return {
    totalMs: [...modules.values()].reduce((a, b) => a + b, 0),
    idleMs,
    modules: [...modules].map(([name, ms]) => ({ name, ms })).sort(byTime),
    functions: [...functions].map(([name, { module, ms }]) => ({ name, module, ms })).sort(byTime),
  };
}

/** Markdown tables of the top modules and functions by self time, in percent of all samples. */
export function formatProfileSummary(summary: ProfileSummary, top = 25): string {
  const share = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1)}%`;
  return [
    `Self time by module, in percent of the busy time (${(summary.totalMs / 1000).toFixed(1)} s busy, ` +
      `${(summary.idleMs / 1000).toFixed(1)} s idle):`,
    '',
    '| module | self time |',
    '| --- | ---: |',
    ...summary.modules.slice(0, top).map((m) => `| ${m.name} | ${share(m.ms)} |`),
    '',
    'Top functions by self time:',
    '',
    '| function | module | self time |',
    '| --- | --- | ---: |',
    ...summary.functions.slice(0, top).map((f) => `| ${f.name} | ${f.module} | ${share(f.ms)} |`),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const values = parseCommandLine(['npx tsx bench/cpu-profile.ts --file ./profiles/CPU.123.cpuprofile --top 30'], {
    file: { type: 'string', value: 'FILE', description: 'a .cpuprofile written by node --cpu-prof' },
    top: { type: 'string', default: '25', value: 'N', description: 'rows of each table' },
    skip: { type: 'string', default: '0', value: 'MS', description: 'leave out the first MS of the profile' },
  });
  if (!values.file) throw new Error('give --file FILE; --help lists the options');
  console.log(formatProfileSummary(summariseCpuProfile(values.file, Number(values.skip)), Number(values.top)));
}
