import { describe, expect, it } from 'vitest';
import { fitColumns, headerMinWidth } from './column-layout';

describe('column widths from their headers', () => {
  it('never makes a column narrower than its header, and shares the rest of the room by weight', () => {
    const columns = [
      { key: 'documentId', weight: 10, min: headerMinWidth('Document ID', true) },
      { key: 'name', weight: 30, min: headerMinWidth('Name', true) },
      { key: 'final', weight: 5, min: headerMinWidth('Final', true) },
      { key: 'options', weight: 5, min: headerMinWidth('Options', false) },
    ];
    const widths = fitColumns(columns, 1000);
    for (const c of columns) expect(widths[c.key], c.key).toBeGreaterThanOrEqual(c.min);
    expect(Object.values(widths).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
    // The name has the greatest share of what is left.
    expect(widths.name! - columns[1]!.min).toBeGreaterThan(widths.documentId! - columns[0]!.min);
  });

  it('keeps every header whole when the table is too narrow for them: the sum grows past the room (the table scrolls)', () => {
    const columns = [
      { key: 'a', weight: 50, min: 150 },
      { key: 'b', weight: 50, min: 150 },
    ];
    expect(fitColumns(columns, 200)).toEqual({ a: 150, b: 150 });
  });

  it('gives a sortable header room for its carets', () => {
    expect(headerMinWidth('Revision', true)).toBeGreaterThan(headerMinWidth('Revision', false));
    expect(headerMinWidth('Approved at', false)).toBeGreaterThan(headerMinWidth('Final', false));
  });
});
