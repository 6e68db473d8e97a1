import fs from 'node:fs/promises';
import { LANGUAGES, type Language } from '@qualis/contract';
import { utc, type PdfField, type PdfRecord } from '../core/record-pdf.js';

/**
 * Records to print as PDFs (core/record-pdf.unit.test.ts, core/archival-pdf.unit.test.ts): of
 * every kind, in every shipped language's script, long enough to break pages everywhere a break
 * can fall.
 */

/** The texts people read in a language, as the web application ships them: short and long. */
export async function textsOf(language: Language) {
  const leaves = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(leaves)
        : [];
  const dir = new URL(`../../../web/src/locales/${language}/`, import.meta.url);
  const all = (
    await Promise.all(
      ['translation.json', 'help.json'].map(async (f) => JSON.parse(await fs.readFile(new URL(f, dir), 'utf8'))),
    )
  ).flatMap(leaves);
  return {
    short: all.filter((t) => t.length > 3 && t.length < 30 && !t.includes('{{')),
    long: all.filter((t) => t.length > 150),
  };
}

/** The texts of every shipped language, taken in turn: consecutive picks are in different scripts. */
export async function shippedTexts() {
  const languages = await Promise.all(LANGUAGES.map(textsOf));
  const inTurn = (lists: string[][]) =>
    Array.from({ length: Math.min(...lists.map((l) => l.length)) }, (_, i) => lists.map((l) => l[i]!)).flat();
  return { short: inTurn(languages.map((l) => l.short)), long: inTurn(languages.map((l) => l.long)) };
}

export type Texts = Awaited<ReturnType<typeof shippedTexts>>;
const pick = (list: string[], i: number) => list[i % list.length]!;
const history = (t: Texts, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    at: new Date(Date.UTC(2026, 0, 1 + i)),
    who: `${pick(t.short, i)} <person${i}@example.com>`,
    what: pick(t.short, i + 7),
    changes: i % 3 ? `name: ${pick(t.short, i + 1)} → ${pick(t.short, i + 2)}; comment: ${pick(t.long, i)}` : '',
  }));
const items = (t: Texts, count: number, fields: (i: number) => PdfField[]) =>
  Array.from({ length: count }, (_, i) => ({ title: `${pick(t.short, i + 3)} ${i + 1}`, fields: fields(i) }));

/** One record of each kind (documents, actions, trainings, HR); `n` varies their lengths. */
export function recordsIn(t: Texts, n: number): PdfRecord[] {
  const signature = (i: number): PdfField[] => [
    { label: 'Printed name', value: pick(t.short, i) },
    { label: 'E-mail', value: `signer${i}@example.com` },
    { label: 'Meaning', value: pick(t.short, i + 5) },
    { label: 'Signed at', value: utc(new Date(Date.UTC(2026, 1, i + 1))) },
    { label: 'Comment', value: i % 4 ? pick(t.short, i + 2) : pick(t.long, i) },
    { label: 'Signature cycle', value: String(1 + (i % 3)) },
    { label: 'SHA-256 of the signed file', value: 'ab12'.repeat(16) },
    i % 4
      ? { label: 'The signed file is the stored file', value: 'Yes' }
      : {
          label: 'The signed file is the stored file',
          value: 'No: the file has changed since it was signed',
          alert: true,
        },
  ];
  const revision = (i: number): PdfField[] => [
    { label: 'Status', value: i ? 'Approved, final' : 'Draft' },
    { label: 'Reviewers', value: Array.from({ length: 6 }, (_, j) => pick(t.short, i + j)).join(', ') },
    { label: 'Approvers', value: pick(t.short, i + 9) },
  ];
  const attempt = (i: number): PdfField[] => [
    { label: 'Status', value: i % 3 ? 'Passed' : 'Pending', alert: !(i % 3) },
    ...Array.from({ length: 1 + (i % 4) }, (_, j) => ({
      label: `Attempt ${j + 1}`,
      value: j % 3 ? `${utc(new Date(Date.UTC(2026, 2, i + j)))}, ${j + 5}/10` : pick(t.long, i + j),
    })),
  ];
  return [
    {
      title: `DOC-${n} ${pick(t.short, n)}`,
      fileName: `DOC-${n}`,
      fields: [
        { label: 'Document ID', value: `DOC-${n}` },
        { label: 'Name', value: pick(t.long, n) },
        { label: 'Status', value: 'Approved' },
      ],
      sections: [
        { heading: 'Revisions', items: items(t, 3 + (n % 4), revision), empty: 'No revisions.' },
        { heading: 'Signatures', items: items(t, 9 + n, signature), empty: 'No signatures.' },
        { heading: 'References', items: [], empty: 'No references.' },
      ],
      history: history(t, 25 + 3 * n),
    },
    {
      title: `QA-${n} ${pick(t.short, n + 1)}`,
      fileName: `QA-${n}`,
      fields: [
        { label: 'Name', value: pick(t.short, n + 2) },
        { label: 'Description', value: Array.from({ length: 4 + n }, (_, i) => pick(t.long, n + i)).join(' ') },
        { label: 'Assignee', value: `${pick(t.short, n + 4)} <assignee@example.com>` },
      ],
      history: history(t, 30 + n),
    },
    {
      title: `TR-${n} ${pick(t.short, n + 2)}`,
      fileName: `TR-${n}`,
      fields: [{ label: 'Description', value: pick(t.long, n + 3) }],
      sections: [
        {
          heading: 'Questions (quiz version 2)',
          items: items(t, 6 + n, (i) => ['A', 'B', 'C', 'D'].map((label) => ({ label, value: pick(t.long, i) }))),
          empty: 'No questions.',
        },
        { heading: 'Passed (round 1)', items: items(t, 12 + n, attempt), empty: 'Nobody has passed yet.' },
        { heading: 'Pending', items: [], empty: 'Nobody is pending.' },
      ],
      history: history(t, 20 + n),
    },
    {
      title: `${pick(t.short, n + 3)} <hr${n}@example.com>`,
      fileName: `HR-${n}`,
      fields: [
        { label: 'Status', value: 'Inactive', alert: true },
        { label: 'Tags', value: Array.from({ length: 12 }, (_, i) => pick(t.short, n + i)).join(', ') },
      ],
      sections: [
        { heading: 'Training file', items: items(t, 10 + 2 * n, attempt), empty: 'No trainings.' },
        {
          heading: 'User groups',
          items: items(t, 20 + n, (i) => [{ label: 'Members', value: String(i) }]),
          empty: 'None.',
        },
      ],
      history: history(t, 15 + 2 * n),
    },
  ];
}

/** A list as the records' reader gives them. */
export async function* each<T>(list: T[]) {
  yield* list;
}
