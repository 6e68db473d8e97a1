import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthDay, formatTime } from './dates';

/** A signature given at 14:05:09 UTC on 9 December 2026. */
const SIGNED = '2026-12-09T14:05:09.000Z';

describe('the web’s one date format per language', () => {
  it('writes a day as the language’s short date with the whole year, the same day in every zone', () => {
    const expected = {
      en: '12/09/2026',
      de: '09.12.2026',
      el: '09/12/2026',
      it: '09/12/2026',
      es: '09/12/2026',
      sr: '09.12.2026.',
      ru: '09.12.2026',
    };
    for (const [language, text] of Object.entries(expected)) {
      expect(formatDate('2026-12-09', language), language).toBe(text);
    }
    // A due date is a day, not an instant: midnight in the reader's zone, never the day before.
    expect(formatDate('2026-01-01', 'de')).toBe('01.01.2026');
  });

  it('writes a day as that day whatever zone is asked for, also east of UTC (an effective date, a review date)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(formatDate('2026-12-09', 'de', 'UTC')).toBe('09.12.2026');
      expect(formatDate('2026-12-09', 'en', 'America/New_York')).toBe('12/09/2026');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('writes an instant’s day in the reader’s zone', () => {
    expect(formatDate('2026-12-09T23:30:00.000Z', 'de', 'Europe/Berlin')).toBe('10.12.2026');
    expect(formatDate('2026-12-09T23:30:00.000Z', 'de', 'UTC')).toBe('09.12.2026');
  });

  it('writes a moment with its date, time to the second on a 24-hour clock, and the time zone', () => {
    expect(formatDateTime(SIGNED, 'en', 'UTC')).toBe('12/09/2026, 14:05:09 UTC');
    expect(formatDateTime(SIGNED, 'de', 'Europe/Berlin')).toBe('09.12.2026, 15:05:09 MEZ');
    expect(formatDateTime(SIGNED, 'en', 'America/New_York')).toBe('12/09/2026, 09:05:09 EST');
    expect(formatDateTime(SIGNED, 'el', 'Europe/Athens')).toMatch(/^09\/12\/2026, 16:05:09 /);
    expect(formatTime(SIGNED, 'it', 'Europe/Rome')).toBe('15:05:09 CET');
  });

  it('writes the dashboard’s training due dates as month and day', () => {
    expect(formatMonthDay('2026-12-09', 'en')).toBe('Dec 09');
    expect(formatMonthDay('2026-12-09', 'de')).toBe('09. Dez.');
  });

  it('shows nothing for no value, and a value it cannot read as it came', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});
