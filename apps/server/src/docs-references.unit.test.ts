import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Permission } from '@qualis/contract';

// What the sources and docs cite must be there for the reader (docs/spec/README.md): a spec file
// and its numbered sections (and a quoted name given with them), a decision record; permissions
// are named by their `Permission` key, not their number; every decision record has its title and
// status. A failure names the file and line to fix.

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SPEC_DIR = 'docs/spec';
const DECISIONS_DIR = 'docs/decisions';

const SCANNED_DIRS = ['apps', 'packages', 'docs', 'scripts', 'e2e', 'bench', '.ci'];
const SCANNED_ROOT_FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  '.bench-results',
  'validation',
]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|md|sql|css|html|yaml)$|^\.ci\/run$/;
const thisFile = relative(repo, fileURLToPath(import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(path);
    return TEXT_FILE.test(path) ? [path] : [];
  });
}

/** The scanned files (paths from the repository root) and their text; the spec itself is not prose. */
const sources = [...SCANNED_DIRS.filter((d) => existsSync(join(repo, d))).flatMap(walk), ...SCANNED_ROOT_FILES]
  .filter((path) => path !== thisFile && !path.startsWith(`${SPEC_DIR}/`))
  .map((path) => ({ path, text: readFileSync(join(repo, path), 'utf8') }));

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

interface SpecSection {
  number: string;
  text: string;
}

/** The spec files by their number ('01'): each numbered `## N.` section with its text. */
const specs = new Map(
  readdirSync(join(repo, SPEC_DIR))
    .filter((name) => /^\d{2}-.+\.md$/.test(name))
    .map((name) => {
      const sections: SpecSection[] = [];
      const whole = readFileSync(join(repo, SPEC_DIR, name), 'utf8');
      for (const line of whole.split('\n')) {
        const heading = /^## (\d+(?:\.\d+)*)\.?\s/.exec(line);
        if (heading) sections.push({ number: heading[1]!, text: '' });
        else if (/^## /.test(line)) sections.push({ number: '', text: '' });
        if (sections.length > 0) sections.at(-1)!.text += `${line}\n`;
      }
      return [name.slice(0, 2), { name, whole, sections }] as const;
    }),
);

// Between two words of a citation: spaces, or a line break and the next line's comment marker.
const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*(?:(?:\*|\/\/|--|#)[ \t]*)?)`;
const NUMBER = String.raw`\d+(?:\.\d+)*`;
const LIST = String.raw`${NUMBER}(?:-${NUMBER})?(?:(?:,${GAP}|${GAP}and${GAP}|,${GAP}and${GAP})${NUMBER}(?:-${NUMBER})?)*`;
const QUOTED = String.raw`["'“]([^"'“”\n]{1,80})["'”]`;
/** 'spec 03', 'specs 01 and 02', 'spec 03 sections 2-5 and 7', 'spec 01 section 2, "Layouts"'. */
const CITATION = new RegExp(
  String.raw`\bspecs?${GAP}(\d{2}(?:${GAP}and${GAP}\d{2})?)` +
    String.raw`(?:,?${GAP}\(?sections?${GAP}(${LIST}))?` +
    String.raw`(?:[,:]?${GAP}\(?${QUOTED})?`,
  'gi',
);

/** '2-5, 7 and 9' as ['2', '3', '4', '5', '7', '9']. */
function sectionNumbers(list: string): string[] {
  return list
    .split(/,|\band\b/)
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to] = part.split('-');
      if (to === undefined || from!.includes('.') || to.includes('.')) return [part];
      return Array.from({ length: Math.max(Number(to) - Number(from!) + 1, 0) }, (_, i) => String(Number(from!) + i));
    });
}

const squash = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

/** What is wrong with the citations of one file, as 'file:line: problem'. */
function specCitationProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    const [, files, list, quoted] = match;
    const where = `${path}:${lineOf(text, match.index)}`;
    const cited = files!.match(/\d{2}/g)!.map((number) => ({ number, spec: specs.get(number) }));
    const missing = cited.filter(({ spec }) => !spec);
    if (missing.length > 0) {
      problems.push(`${where}: no file ${SPEC_DIR}/${missing[0]!.number}-*.md`);
      continue;
    }
    if (cited.length > 1) continue;
    const spec = cited[0]!.spec!;
    const numbers = list ? sectionNumbers(list) : [];
    const sections = numbers.map((number) => spec.sections.find((section) => section.number === number));
    const absent = numbers.filter((_, i) => !sections[i]);
    if (numbers.length === 0 && list) problems.push(`${where}: sections "${list}" cite no section`);
    if (absent.length > 0) problems.push(`${where}: ${spec.name} has no section ${absent.join(', ')}`);
    else if (quoted) {
      const within = sections.length > 0 ? sections.map((s) => s!.text).join('\n') : spec.whole;
      // An elided quotation ('a ... b') is there when each of its parts is.
      const parts = quoted
        .split(/\.\.\.|…/)
        .map(squash)
        .map((part) => part.trim())
        .filter(Boolean);
      if (!parts.every((part) => squash(within).includes(part))) {
        problems.push(`${where}: "${quoted}" is not in ${spec.name}${list ? ` section ${list}` : ''}`);
      }
    }
  }
  return problems;
}

/** 'permission 22', 'permissions 29 or 33', 'no permission 56'. */
const PERMISSION_NUMBER = /\bpermissions?[ \t]+(?:type[ \t]+)?#?\d+\b/gi;
const permissionName = new Map(Object.entries(Permission).map(([name, type]) => [String(type), name]));

function permissionNumberProblems(path: string, text: string): string[] {
  return [...text.matchAll(PERMISSION_NUMBER)].map((match) => {
    const type = /\d+/.exec(match[0])![0];
    const name = permissionName.get(type);
    return `${path}:${lineOf(text, match.index)}: "${match[0]}" in prose: write ${name ? `\`Permission.${name}\`` : 'the permission by its `Permission` name'}`;
  });
}

const decisionFiles = readdirSync(join(repo, DECISIONS_DIR)).filter((name) => name.endsWith('.md'));
const decisionNumbers = new Set(decisionFiles.map((name) => name.slice(0, 4)));

/** A cited decision ('decision 0018', 'docs/decisions/0018-documents.md') that is not there. */
function decisionCitationProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\bdocs\/decisions\/([\w.-]+\.md)/g)) {
    if (!decisionFiles.includes(match[1]!)) problems.push(`${path}:${lineOf(text, match.index)}: no ${match[0]}`);
  }
  for (const match of text.matchAll(/\b(?:decision|ADR)s?[ \t]+(\d{4})\b/gi)) {
    if (!decisionNumbers.has(match[1]!)) {
      problems.push(`${path}:${lineOf(text, match.index)}: no decision ${match[1]} in ${DECISIONS_DIR}`);
    }
  }
  return problems;
}

describe('references in the sources and docs', () => {
  it('finds the three spec files and their numbered sections', () => {
    expect([...specs.keys()].sort()).toEqual(['01', '02', '03']);
    for (const spec of specs.values()) {
      expect(spec.sections.map((s) => s.number).filter(Boolean)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    }
  });

  it('reads the citation forms the code uses', () => {
    const cite = (text: string) => specCitationProblems('x.ts', text);
    expect(cite('spec 03 sections 2-5, 7 and 9')).toEqual([]);
    expect(cite('(spec 03\n * section 5): the picker')).toEqual([]);
    expect(cite('spec 01 section 2, "Layouts"')).toEqual([]);
    expect(cite('specs 01 and 02')).toEqual([]);
    expect(cite('spec 03 section 12')).toEqual(['x.ts:1: 03-working-artifacts.md has no section 12']);
    expect(cite('x\nspec 02 sections 8-10')).toEqual(['x.ts:2: 02-organization-administration.md has no section 10']);
    expect(cite('spec 01 section 4.2')).toEqual(['x.ts:1: 01-platform.md has no section 4.2']);
    expect(cite('spec 04 section 1')).toEqual(['x.ts:1: no file docs/spec/04-*.md']);
    expect(cite('spec 01 section 9, "Layouts"')).toEqual(['x.ts:1: "Layouts" is not in 01-platform.md section 9']);
    expect(permissionNumberProblems('x.ts', 'Users with permission 29')).toEqual([
      'x.ts:1: "permission 29" in prose: write `Permission.AddTrainingRecords`',
    ]);
  });

  it('cites only spec files and sections that exist (docs/spec/README.md)', () => {
    const problems = sources.flatMap(({ path, text }) => specCitationProblems(path, text));
    expect(problems).toEqual([]);
    // The scan sees the citations at all (about 270 of them).
    expect(sources.flatMap(({ text }) => [...text.matchAll(CITATION)]).length).toBeGreaterThan(200);
  });

  it('names permissions by their Permission key, not their number', () => {
    expect(sources.flatMap(({ path, text }) => permissionNumberProblems(path, text))).toEqual([]);
  });

  it('cites only decision records that exist', () => {
    expect(sources.flatMap(({ path, text }) => decisionCitationProblems(path, text))).toEqual([]);
  });
});

describe('decision records', () => {
  it.each(decisionFiles)('%s: "# NNNN <title>" with its file number, and a Status line', (name) => {
    const text = readFileSync(join(repo, DECISIONS_DIR, name), 'utf8');
    const number = /^(\d{4})-[a-z0-9-]+\.md$/.exec(name)?.[1];
    expect(number, `${DECISIONS_DIR}/${name}: the name is NNNN-<topic>.md`).toBeDefined();
    expect(text.split('\n')[0], `${DECISIONS_DIR}/${name}:1`).toMatch(new RegExp(`^# ${number} \\S`));
    expect(text, `${DECISIONS_DIR}/${name}: a "Status: ..." line`).toMatch(/^Status: \S/m);
  });

  it('gives each number to one record', () => {
    const numbers = decisionFiles.map((name) => name.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const architecture = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');
  const modules = readdirSync(join(repo, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('lists every server module in its Modules table', () => {
    expect(modules.filter((name) => !architecture.includes(`| \`modules/${name}\` |`))).toEqual([]);
  });

  it('lists no module that is not there', () => {
    const listed = [...architecture.matchAll(/^\| `modules\/([\w-]+)` \|/gm)].map((match) => match[1]!);
    expect(listed.filter((name) => !modules.includes(name))).toEqual([]);
  });
});
