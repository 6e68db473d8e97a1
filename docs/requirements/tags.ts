import type { Control, Requirement } from './types.js';

/** A requirement id as a test title carries it: `[SIG-013]`, `[P11-11.10e]`, `[A11-9]`. */
const TAG = /\[([A-Z][A-Z0-9]*-\d[\w.]*)\]/g;
/** A `req('SIG-013', 'SIG-014')` call of a test file, and the string literals in it. */
const REQ_CALL = /\breq\(([^)]*)\)/g;
const LITERAL = /'([^']*)'|"([^"]*)"|`([^`]*)`/g;

/** The requirement ids a test title names. */
export function idsInTitle(title: string): string[] {
  return [...new Set([...title.matchAll(TAG)].map((match) => match[1]!))];
}

/** The ids a test file's source names, through `req(...)` or literally, each with its line. */
export function idsInSource(source: string): { id: string; line: number }[] {
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  const found: { id: string; line: number }[] = [];
  for (const call of source.matchAll(REQ_CALL)) {
    for (const literal of call[1]!.matchAll(LITERAL)) {
      found.push({ id: literal[1] ?? literal[2] ?? literal[3]!, line: lineAt(call.index) });
    }
  }
  for (const tag of source.matchAll(TAG)) found.push({ id: tag[1]!, line: lineAt(tag.index) });
  return found;
}

/**
 * What the test files name: `unknown` ids ('file:line: …', a lint error) and the catalogue's
 * requirements no test names (`untested`); a control counts as named when a requirement it lists is.
 */
export function coverage(files: { path: string; text: string }[], catalogue: Requirement[], controls: Control[]) {
  const known = new Set(catalogue.map((r) => r.id));
  const named = new Set<string>();
  const unknown: string[] = [];
  for (const { path, text } of files) {
    for (const { id, line } of idsInSource(text)) {
      if (known.has(id)) named.add(id);
      else unknown.push(`${path}:${line}: unknown requirement ${id}`);
    }
  }
  const shownBy = new Map(controls.map((c) => [c.id, c.shownBy]));
  const untested = catalogue.filter((r) => !named.has(r.id) && !(shownBy.get(r.id) ?? []).some((id) => named.has(id)));
  return { named, unknown, untested };
}
