export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

const EDGE_PAGES = 1;
const PAGES_AROUND = 2;

/**
 * The pager's buttons: one edge page on each side and two pages around the current one
 * (spec 01 section 9). A gap of a single page shows that page instead of an ellipsis.
 */
export function pageItems(current: number, count: number): PageItem[] {
  const shown = new Set<number>();
  const add = (from: number, to: number) => {
    for (let p = Math.max(1, from); p <= Math.min(count, to); p++) shown.add(p);
  };
  add(1, EDGE_PAGES);
  add(current - PAGES_AROUND, current + PAGES_AROUND);
  add(count - EDGE_PAGES + 1, count);

  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push(ELLIPSIS);
    items.push(page);
    previous = page;
  }
  return items;
}
