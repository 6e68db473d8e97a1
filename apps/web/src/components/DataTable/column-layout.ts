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

/** Order, visibility and width (percent of the table) of a table's columns. Column keys must be stable. */
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
