import { describe, expect, it } from 'vitest';
import { currentSort, initialTableState, listQuery, tableReducer, type TableState } from './table-state';
import { req } from '../../../../../docs/requirements/req.js';

const onPage = (pageNumber: number, totalItems = 200): TableState => {
  const withTotal = tableReducer(initialTableState(), { type: 'total', totalItems });
  return tableReducer(withTotal, { type: 'page', pageNumber });
};

describe('tableReducer', () => {
  it(`starts on page 1 with 25 rows ${req('UI-006')}`, () => {
    expect(initialTableState()).toMatchObject({ limit: 25, offset: 0, pageNumber: 1, search: '', orderBy: null });
  });

  it('moves to a page and computes the offset', () => {
    expect(onPage(3)).toMatchObject({ pageNumber: 3, offset: 50, pageCount: 8 });
  });

  it('keeps the page within the page count', () => {
    expect(onPage(99)).toMatchObject({ pageNumber: 8, offset: 175 });
    expect(onPage(0)).toMatchObject({ pageNumber: 1, offset: 0 });
  });

  it(`resets to page 1 on a new search, and ignores the same search ${req('UI-006')}`, () => {
    const searched = tableReducer(onPage(3), { type: 'search', search: ' acme ' });
    expect(searched).toMatchObject({ search: 'acme', pageNumber: 1, offset: 0 });
    const onThree = tableReducer(searched, { type: 'page', pageNumber: 3 });
    expect(tableReducer(onThree, { type: 'search', search: 'acme' })).toBe(onThree);
  });

  it('sets and clears a filter, back on page 1, and ignores the same value', () => {
    const filtered = tableReducer(onPage(3), { type: 'filter', key: 'status', value: ['0'] });
    expect(filtered).toMatchObject({ filters: { status: ['0'] }, pageNumber: 1, offset: 0 });
    expect(tableReducer(filtered, { type: 'filter', key: 'status', value: ['0'] })).toBe(filtered);
    const both = tableReducer(filtered, { type: 'filter', key: 'assigneeId', value: 'a' });
    expect(both.filters).toEqual({ status: ['0'], assigneeId: 'a' });
    expect(tableReducer(both, { type: 'filter', key: 'status', value: [] }).filters).toEqual({ assigneeId: 'a' });
  });

  it('sorts ascending by a new key and toggles the direction on the same key', () => {
    const byName = tableReducer(initialTableState(), { type: 'sort', key: 'name' });
    expect(byName).toMatchObject({ orderBy: 'name', orderType: 'asc' });
    const toggled = tableReducer(byName, { type: 'sort', key: 'name' });
    expect(toggled).toMatchObject({ orderBy: 'name', orderType: 'desc' });
    expect(tableReducer(toggled, { type: 'sort', key: 'name' })).toMatchObject({ orderType: 'asc' });
    expect(tableReducer(toggled, { type: 'sort', key: 'status' })).toMatchObject({
      orderBy: 'status',
      orderType: 'asc',
    });
  });

  it('starts a column in its own first direction, and toggles it from there', () => {
    const byName = tableReducer(initialTableState(), { type: 'sort', key: 'name' });
    const byRelevance = tableReducer(byName, { type: 'sort', key: 'relevance', first: 'desc' });
    expect(byRelevance).toMatchObject({ orderBy: 'relevance', orderType: 'desc' });
    expect(tableReducer(byRelevance, { type: 'sort', key: 'relevance', first: 'desc' })).toMatchObject({
      orderBy: 'relevance',
      orderType: 'asc',
    });
  });

  it("shows the server's default order until a header is clicked, and the first click on its column reverses it", () => {
    const byDefault = initialTableState({ defaultSort: { key: 'number', direction: 'desc' } });
    expect(byDefault.orderBy).toBeNull();
    expect(currentSort(byDefault)).toEqual({ key: 'number', direction: 'desc' });
    expect(currentSort(tableReducer(byDefault, { type: 'sort', key: 'number' }))).toEqual({
      key: 'number',
      direction: 'asc',
    });
    expect(currentSort(tableReducer(byDefault, { type: 'sort', key: 'name' }))).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(currentSort(initialTableState())).toBeNull();
  });

  it(`resets to page 1 on a new page size ${req('UI-006')}`, () => {
    expect(tableReducer(onPage(3), { type: 'pageSize', limit: 50 })).toMatchObject({
      limit: 50,
      pageNumber: 1,
      offset: 0,
      pageCount: 4,
    });
  });

  it('steps back to the last page when the total shrinks under the current page', () => {
    expect(tableReducer(onPage(8), { type: 'total', totalItems: 60 })).toMatchObject({
      pageCount: 3,
      pageNumber: 3,
      offset: 50,
    });
  });
});

describe('listQuery', () => {
  it('sends only what is set', () => {
    expect(listQuery(initialTableState())).toEqual({ limit: 25, offset: 0 });
    const state = tableReducer(tableReducer(onPage(2), { type: 'sort', key: 'name' }), { type: 'search', search: 'x' });
    expect(listQuery(state)).toEqual({ limit: 25, offset: 0, search: 'x', orderBy: 'name', orderType: 'asc' });
  });
});
