import { useState } from 'react';

export const MIN_COLUMN_WIDTH = 5;
export const MAX_COLUMN_WIDTH = 80;

interface LayoutColumn {
  key: string;
  width: number;
  hiddenByDefault?: boolean;
}

/** Moves `key` to where `target` stands. */
export function moveKey(order: readonly string[], key: string, target: string): string[] {
  const to = order.indexOf(target);
  if (key === target || to < 0 || !order.includes(key)) return [...order];
  const rest = order.filter((k) => k !== key);
  rest.splice(to, 0, key);
  return rest;
}

export const clampWidth = (percent: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, percent));

/** A header cell's room besides its text: antd's padding (16 px a side) and the resize handle. */
const HEADER_PADDING_PX = 40;
/** The sort carets and their gap. */
const SORT_CARETS_PX = 18;
/** The header's font (antd: 14 px, semibold); where no canvas measures it, a generous average glyph. */
const HEADER_FONT =
  '600 14px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const AVERAGE_GLYPH_PX = 8.5;

let measure: OffscreenCanvasRenderingContext2D | null | undefined;
/** The width of a header's text in pixels, measured in the header's font where the browser can. */
export function textWidth(text: string): number {
  if (measure === undefined) {
    measure = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (measure) measure.font = HEADER_FONT;
  }
  return Math.ceil(measure ? measure.measureText(text).width : text.length * AVERAGE_GLYPH_PX);
}

/** The narrowest a column may be: its whole header (and the sort carets) stays readable. */
export const headerMinWidth = (title: string, sortable: boolean) =>
  textWidth(title) + HEADER_PADDING_PX + (sortable ? SORT_CARETS_PX : 0);

export interface FitColumn {
  key: string;
  /** The column's share of the room beyond the minimums (its percent width). */
  weight: number;
  /** Pixels it never goes below. */
  min: number;
}

/**
 * Pixel widths of the columns in `available` pixels: each gets its minimum, and the room left is
 * shared by weight. When the minimums do not fit, each keeps its minimum and the table scrolls
 * (the sum is wider than `available`): a header is never cut while the table has room.
 */
export function fitColumns(columns: readonly FitColumn[], available: number): Record<string, number> {
  const needed = columns.reduce((sum, c) => sum + c.min, 0);
  const spare = Math.max(0, available - needed);
  const weights = columns.reduce((sum, c) => sum + c.weight, 0) || 1;
  return Object.fromEntries(columns.map((c) => [c.key, Math.floor(c.min + (spare * c.weight) / weights)]));
}

/**
 * Order, visibility and weight (percent of the table, what the person resizes) of a table's
 * columns. Column keys must be stable.
 */
export function useColumnLayout<C extends LayoutColumn>(columns: readonly C[]) {
  const [order, setOrder] = useState(() => columns.map((c) => c.key));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(columns.filter((c) => c.hiddenByDefault).map((c) => c.key)),
  );
  const [widths, setWidths] = useState<Record<string, number>>(() =>
    Object.fromEntries(columns.map((c) => [c.key, c.width])),
  );

  const byKey = new Map(columns.map((c) => [c.key, c]));
  const visible = order.filter((key) => !hidden.has(key)).flatMap((key) => byKey.get(key) ?? []);

  return {
    visible,
    widthOf: (key: string) => widths[key] ?? byKey.get(key)?.width ?? MIN_COLUMN_WIDTH,
    move: (key: string, target: string) => setOrder((current) => moveKey(current, key, target)),
    resize: (key: string, percent: number) => setWidths((current) => ({ ...current, [key]: clampWidth(percent) })),
    show: (keys: readonly string[]) => setHidden(new Set(order.filter((key) => !keys.includes(key)))),
  };
}
