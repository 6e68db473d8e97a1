import { describe, expect, it } from 'vitest';
import { pageItems } from './pages';

describe('pageItems', () => {
  it('shows one edge page on each side and two around the current one', () => {
    expect(pageItems(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
  });

  it('needs no ellipsis near the edges', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, '…', 20]);
    expect(pageItems(20, 20)).toEqual([1, '…', 18, 19, 20]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 20]);
  });

  it('lists every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
