import type { GlobalSearchRow, SnippetPart } from '@qualis/contract';
import { MATCH_END, MATCH_START, type SearchHitRow } from './search.repository.js';

const PATHS: Record<GlobalSearchRow['type'], string> = {
  Document: 'documents',
  Action: 'tasks',
  TrainingRecord: 'training-records',
  HumanResource: 'human-resources',
};

/** The web app's address of an artifact (spec 03 section 2, "Links to records"). */
export function linkOf(organizationId: string, row: Pick<SearchHitRow, 'type' | 'id' | 'revision'>): string {
  const base = `/organizations/${organizationId}/${PATHS[row.type]}/${row.id}`;
  return row.revision !== null ? `${base}?revision=${row.revision}` : base;
}

/** ts_headline's marked text as pieces; the markers never reach the client. */
export function snippetParts(marked: string | null): SnippetPart[] {
  if (!marked) return [];
  const parts: SnippetPart[] = [];
  for (const [i, piece] of marked.split(MATCH_START).entries()) {
    const [inside, after] = i === 0 ? [null, piece] : splitOnce(piece, MATCH_END);
    if (inside) parts.push({ text: inside, match: true });
    if (after) parts.push({ text: after, match: false });
  }
  return parts;
}

const splitOnce = (text: string, marker: string): [string, string] => {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length).replaceAll(MATCH_END, '')];
};

export function presentSearchRow(organizationId: string, row: SearchHitRow): GlobalSearchRow {
  return {
    type: row.type,
    id: row.id,
    name: row.name,
    link: linkOf(organizationId, row),
    revision: row.revision,
    number: row.number,
    matchedIn: row.source,
    matchedFile: row.source === 'file' ? row.fileName : null,
    snippet: row.source === 'tag' && row.tagName ? [{ text: row.tagName, match: true }] : snippetParts(row.snippet),
  };
}
