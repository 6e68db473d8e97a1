import { likePattern } from '../../core/lists.js';

/**
 * What a person typed, read as the search understands it: quoted phrases, single words, the
 * whole text for partial names (trigrams) and a System # when it is a number.
 */
export interface SearchTerms {
  /** `to_tsquery` input of the unquoted words: each quoted, prefix-matched from 3 characters. */
  words: string | null;
  /** The quoted phrases, each for `phraseto_tsquery`. */
  phrases: string[];
  /** LIKE pattern of the whole text: tag names, and (`partialNames`) names and Document IDs. */
  pattern: string | null;
  /** Long enough (3 characters) to look for inside names, with the trigram indexes. */
  partialNames: boolean;
  /** The System # asked for: "42" or "#42". */
  number: number | null;
}

/** Words beyond this many are ignored: a longer query only costs time. */
const MAX_WORDS = 16;
/** Shorter words are matched whole: a one- or two-letter prefix matches most of the index. */
const PREFIX_FROM = 3;
const TRIGRAM_FROM = 3;
// Quotes and backslashes would end the quoted token; the parser splits on them anyway.
const UNSAFE_IN_TOKEN = /['\\]/g;

export function readSearchTerms(search: string): SearchTerms {
  const text = search.trim();
  const phrases: string[] = [];
  const unquoted = text.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    if (phrase.trim()) phrases.push(phrase.trim());
    return ' ';
  });
  const words = unquoted
    .replace(/"/g, ' ')
    .replace(UNSAFE_IN_TOKEN, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => `'${word}'${[...word].length >= PREFIX_FROM ? ':*' : ''}`);
  const numberMatch = /^#?(\d{1,9})$/.exec(text);
  return {
    words: words.length ? words.join(' & ') : null,
    phrases: phrases.slice(0, MAX_WORDS),
    pattern: text ? likePattern(text) : null,
    partialNames: [...text].length >= TRIGRAM_FROM,
    number: numberMatch ? Number(numberMatch[1]) : null,
  };
}
