import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's import structure (docs/decisions/0024-document-training-link.md): no file reaches
// itself through the imports that run (a circle makes the load order decide what is undefined),
// and the layers point down: modules may import core and db, core only db, db neither.

const root = dirname(fileURLToPath(import.meta.url));

const sources = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .map((f) => join(root, f));

// `import`/`export ... from` and side-effect imports of the server's own files, at the start of a
// line (a clause may span lines; it holds no quote or semicolon, so it never runs into the next import).
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:([^;'"]*?)\s+from\s+)?['"](\.[^'"]+)['"]/gm;

/** A clause whose every name is `type X` is erased by TypeScript: no import at run time. */
const onlyTypes = (clause: string | undefined) =>
  clause !== undefined &&
  /^\{[\s\S]*\}$/.test(clause.trim()) &&
  clause
    .slice(clause.indexOf('{') + 1, clause.lastIndexOf('}'))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '));

interface Edge {
  to: string;
  runtime: boolean;
}

const graph = new Map<string, Edge[]>(
  sources.map((file) => [
    file,
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, typeKeyword, clause, specifier]) => ({
      to: resolve(dirname(file), specifier!.replace(/\.js$/, '.ts')),
      runtime: !typeKeyword && !onlyTypes(clause),
    })),
  ]),
);

const name = (file: string) => relative(root, file);

/** The first circle of run-time imports found, as the files walked (the first repeated at the end). */
function findCircle(): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const edge of graph.get(file)!) {
      const circle = edge.runtime ? visit(edge.to) : undefined;
      if (circle) return circle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of sources) {
    const circle = visit(file);
    if (circle) return circle.map(name);
  }
  return undefined;
}

const layerOf = (file: string) => name(file).split('/')[0]!;

describe('the server import graph', () => {
  it('reads the imports of every source file', () => {
    expect(sources.length).toBeGreaterThan(100);
    const documents = graph.get(join(root, 'modules/documents/documents.service.ts'))!;
    expect(documents.some((e) => e.runtime && name(e.to) === 'modules/documents/revision-lifecycle.ts')).toBe(true);
  });

  it('has no circle of imports that run', () => {
    expect(findCircle()).toBeUndefined();
  });

  it('points down: core imports no module, db neither core nor a module (type imports included)', () => {
    const upward = [...graph].flatMap(([file, edges]) =>
      edges
        .filter((e) => {
          const from = layerOf(file);
          const to = layerOf(e.to);
          return (from === 'core' && to === 'modules') || (from === 'db' && (to === 'core' || to === 'modules'));
        })
        .map((e) => `${name(file)} -> ${name(e.to)}`),
    );
    expect(upward).toEqual([]);
  });
});
