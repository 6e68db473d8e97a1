import { DAY_PATTERN, formatDay } from '@qualis/contract';

/**
 * Every date and time the web shows, one format per language:
 *
 * - a day (a due date, a creation date) as the language's short numeric date with the whole year
 *   ('12/09/2026', '09.12.2026', '09/12/2026'): a day has no time zone;
 * - a moment where the time matters (a signature, an audit event, a pass, a notification) as that
 *   date, the time to the second on a 24-hour clock, and the reader's time zone
 *   ('12/09/2026, 14:05:09 CET').
 *
 * A value the browser cannot read is shown as it came.
 */

/** A day (YYYY-MM-DD) is that day wherever the reader is; an ISO instant is read in their zone. */
function parse(value: string): Date {
  return new Date(DAY_PATTERN.test(value) ? `${value}T00:00:00` : value);
}

const dateParts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const timeParts: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};

function format(value: string | null | undefined, language: string, options: Intl.DateTimeFormatOptions): string {
  if (!value) return '';
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(language, options).format(date);
}

/**
 * A day, or the day of an instant, as the language writes short dates: '09.12.2026'. A day
 * (YYYY-MM-DD) is that day whatever `timeZone` says (the contract's `formatDay`); an instant's
 * day is the one in `timeZone`, the reader's by default.
 */
export function formatDate(value: string | null | undefined, language: string, timeZone?: string): string {
  if (value && DAY_PATTERN.test(value)) return formatDay(value, language);
  return format(value, language, { ...dateParts, timeZone });
}

/** An instant with its date, its time to the second and the time zone: '09.12.2026, 14:05:09 MEZ'. */
export function formatDateTime(value: string | null | undefined, language: string, timeZone?: string): string {
  return format(value, language, { ...dateParts, ...timeParts, timeZone });
}

/** The time of an instant with its time zone: '14:05:09 MEZ' (a list's creation-time column). */
export function formatTime(value: string | null | undefined, language: string, timeZone?: string): string {
  return format(value, language, { ...timeParts, timeZone });
}

/** 'Dec 09' in the language: the dashboard's training due dates (spec 03, "MMM DD"). */
export function formatMonthDay(value: string | null | undefined, language: string): string {
  return format(value, language, { month: 'short', day: '2-digit' });
}
