// A revision's reason for change (issue 24) as records print it: a revision stored before it
// was asked has none, and none is invented for it.

const NONE = '—';
/** The controlled copy's header repeats on every page: a long reason is cut there, whole on its signatures page. */
const HEADER_MAX_CHARS = 160;

export const REASON_FOR_CHANGE = 'Reason for change';

/** The reason as a record field prints it: '—' when there is none. */
export const reasonForChangeText = (reason: string | null) => reason ?? NONE;

/** The reason in the controlled copy's header line: on one line, cut with an ellipsis past 160 characters. */
export function reasonForChangeHeader(reason: string | null) {
  const line = reasonForChangeText(reason).replace(/\s+/g, ' ');
  return `${REASON_FOR_CHANGE}: ${line.length > HEADER_MAX_CHARS ? `${line.slice(0, HEADER_MAX_CHARS - 1)}…` : line}`;
}
