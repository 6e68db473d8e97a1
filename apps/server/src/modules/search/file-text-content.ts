// What is kept of a file's text, and how it is cleaned; shared by the worker that reads files
// (file-text-extractors.ts) and the job that stores the text (file-texts.ts).

/** The formats whose text is read (file-texts.ts maps stored content types to them). */
export type TextFormat = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'text';

export interface ExtractedText {
  text: string;
  /** The file holds more text than `text`. */
  truncated: boolean;
}

/**
 * Characters (UTF-16 units) of text kept per file; the rest is cut off (the row says `truncated`).
 * A tsvector's words may take 1 MB: a unit is at most 3 bytes of UTF-8 (a 4-byte character is 2
 * units), so 300,000 of them, distinct words of a 3-byte script, stay below it with the file's
 * name (file-texts.test.ts stores that case).
 */
export const MAX_TEXT_CHARS = 300_000;

/** NUL cannot be stored; U+E000 and U+E001 mark highlights in search results. */
// eslint-disable-next-line no-control-regex
const REMOVED = /[\u0000\uE000\uE001]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as it is stored: without NUL, the highlight markers, control characters and broken UTF-16;
 * runs of spaces and tabs made one space; lines trimmed, blank lines dropped.
 */
export function normaliseText(raw: string): string {
  return raw
    .replace(REMOVED, '')
    .replace(LONE_SURROGATE, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(CONTROL, ' ')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}

/** At most `MAX_TEXT_CHARS`, cut after a word when one ends near the limit. */
export function capText(text: string, alreadyCut: boolean): ExtractedText {
  if (text.length <= MAX_TEXT_CHARS) return { text, truncated: alreadyCut };
  let end = MAX_TEXT_CHARS;
  const space = text.lastIndexOf(' ', end);
  const newline = text.lastIndexOf('\n', end);
  const boundary = Math.max(space, newline);
  if (boundary > end - 200) end = boundary;
  else if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  return { text: text.slice(0, end).trimEnd(), truncated: true };
}
