/** A calendar day as the API sends it: YYYY-MM-DD (a due date, an effective date, a review date). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as `language` writes short dates with the whole year ('12/09/2026', '09.12.2026'): the
 * same day wherever the reader is (a day has no time zone). The one formatter of days for the web
 * and for the server's texts in a person's language (action names, e-mails); a value that is not
 * a day is answered as it came.
 */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!DAY_PATTERN.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}
