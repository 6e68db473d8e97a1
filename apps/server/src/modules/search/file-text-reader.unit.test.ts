import { afterEach, describe, expect, it } from 'vitest';
import { docxOf, pdfOf } from '../../test/office-files.js';
import { capText, MAX_TEXT_CHARS, normaliseText } from './file-text-content.js';
import { FileTextReader, READ_LIMITS, type ReadLimits } from './file-text-reader.js';

const text = (value: string) => new Uint8Array(Buffer.from(value));

describe('FileTextReader', () => {
  let reader: FileTextReader;
  const start = (limits: Partial<ReadLimits>) => (reader = new FileTextReader({ ...READ_LIMITS, ...limits }));
  afterEach(() => reader.close());

  it('stops a file that takes longer than the time limit, and reads the next one with a new worker', async () => {
    start({ timeMs: 5 });
    // Loads the worker's libraries first, so only the slow file counts against the limit.
    await reader.read('text', text('warm up'));
    const slow = await pdfOf(Array.from({ length: 300 }, (_, i) => `Page ${i} of a long manual`));
    expect(await reader.read('pdf', new Uint8Array(slow))).toEqual({
      status: 'unreadable',
      reason: 'not read within 0.005 s',
    });
    await reader.close();
    start({});
    expect(await reader.read('text', text('still reads'))).toEqual({
      status: 'extracted',
      text: 'still reads',
      truncated: false,
    });
  });

  it('stops a file that needs more memory than the worker may have, and reads the next one', async () => {
    start({ heapMb: 64 });
    const paragraphs = Array.from({ length: 200_000 }, (_, i) => `Paragraph ${i} of a very large document`);
    const large = await docxOf(paragraphs);
    expect(await reader.read('docx', new Uint8Array(large))).toEqual({
      status: 'unreadable',
      reason: 'needs more than 64 MB of memory',
    });
    expect(await reader.read('text', text('after the crash'))).toMatchObject({ status: 'extracted' });
    // Building the 200,000-paragraph file and the worker's crash take seconds on a loaded machine.
  }, 30_000);

  it('refuses to read once closed', async () => {
    start({});
    await reader.close();
    await expect(reader.read('text', text('too late'))).rejects.toThrow('closed');
  });
});

describe('normaliseText', () => {
  it('removes NUL, the highlight markers, control characters and broken surrogates; folds white space', () => {
    expect(
      normaliseText('  a\u0000b\uE000c\uE001d\u0007e \t\u00a0 f\r\n\r\n  g  \n\n\nh\u2028i \uD800j \uD83D\uDE00 '),
    ).toBe('abcd e f\ng\nh\ni j \uD83D\uDE00');
  });
});

describe('capText', () => {
  it('keeps short text whole, and cuts long text after the last word before the limit', () => {
    expect(capText('short text', false)).toEqual({ text: 'short text', truncated: false });
    expect(capText('short text', true)).toEqual({ text: 'short text', truncated: true });
    const long = 'word '.repeat(MAX_TEXT_CHARS / 5 + 10);
    const capped = capText(long, false);
    expect(capped.truncated).toBe(true);
    expect(capped.text.length).toBe(MAX_TEXT_CHARS - 1);
    expect(capped.text.endsWith(' word')).toBe(true);
  });

  it('never splits a surrogate pair when no word ends near the limit', () => {
    const emoji = '\uD83D\uDE00';
    const capped = capText(`a${emoji.repeat(MAX_TEXT_CHARS)}`, false);
    expect(capped.text.length).toBe(MAX_TEXT_CHARS - 1);
    expect(capped.text.endsWith(emoji)).toBe(true);
  });
});
