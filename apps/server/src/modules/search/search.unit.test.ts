import { describe, expect, it } from 'vitest';
import { linkOf, snippetParts } from './search.presenter.js';
import { MATCH_END, MATCH_START } from './search.repository.js';
import { readSearchTerms } from './search-terms.js';

describe('readSearchTerms', () => {
  it('reads words as prefixes from 3 characters, phrases, names and numbers', () => {
    expect(readSearchTerms('  calib  of "quality manual" ')).toEqual({
      words: "'calib':* & 'of'",
      phrases: ['quality manual'],
      pattern: '%calib  of "quality manual"%',
      partialNames: true,
      number: null,
    });
    expect(readSearchTerms('#42')).toMatchObject({ words: "'#42':*", number: 42 });
    expect(readSearchTerms('42')).toMatchObject({ words: "'42'", number: 42, partialNames: false });
    expect(readSearchTerms('ab')).toMatchObject({ words: "'ab'", partialNames: false });
  });

  it('keeps quotes and backslashes out of the tsquery and escapes LIKE wildcards', () => {
    const terms = readSearchTerms(`o'brien a\\b 50%_ "unclosed`);
    expect(terms.words).toBe("'o' & 'brien':* & 'a' & 'b' & '50%_':* & 'unclosed':*");
    expect(terms.pattern).toBe(`%o'brien a\\\\b 50\\%\\_ "unclosed%`);
    expect(readSearchTerms('""').words).toBeNull();
    expect(readSearchTerms('').pattern).toBeNull();
  });
});

describe('snippetParts', () => {
  it('turns the markers into pieces and never passes a marker on', () => {
    expect(snippetParts(`The ${MATCH_START}rotor${MATCH_END} is ${MATCH_START}balanced${MATCH_END}.`)).toEqual([
      { text: 'The ', match: false },
      { text: 'rotor', match: true },
      { text: ' is ', match: false },
      { text: 'balanced', match: true },
      { text: '.', match: false },
    ]);
    expect(snippetParts(null)).toEqual([]);
    expect(snippetParts(`stray ${MATCH_END} end`)).toEqual([{ text: `stray ${MATCH_END} end`, match: false }]);
  });
});

describe('linkOf', () => {
  it('links documents to their revision and the other artifacts to their page', () => {
    expect(linkOf('o', { type: 'Document', id: 'd', revision: 3 })).toBe('/organizations/o/documents/d?revision=3');
    expect(linkOf('o', { type: 'Action', id: 'a', revision: null })).toBe('/organizations/o/tasks/a');
    expect(linkOf('o', { type: 'HumanResource', id: 'h', revision: null })).toBe('/organizations/o/human-resources/h');
  });
});
