import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_TOTAL_CAP, TEXT_TOOLTIP_LENGTH } from '@qualis/contract';
import { LANGUAGES, changeLanguage } from '../../shared/i18n';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import type { TableState } from './table-state';
import { useTableState } from './useTableState';
import { req } from '../../../../../docs/requirements/req.js';

interface Row {
  id: string;
  name: string;
  note: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Row ${i + 1}`,
  note: i === 0 ? 'A note longer than ten characters' : 'short',
}));

const columns: DataTableColumn<Row>[] = [
  { key: 'name', title: 'Name', width: 40, sortKey: 'name', text: (r) => r.name },
  { key: 'note', title: 'Note', width: 40, text: (r) => r.note, tooltip: TEXT_TOOLTIP_LENGTH },
  { key: 'id', title: 'Id', width: 20, sortKey: 'id', text: (r) => r.id },
];

function Harness({
  exportMenu,
  initial,
  totalCount = 120,
  totalCapped,
}: Pick<DataTableProps<Row>, 'exportMenu' | 'totalCapped'> & {
  initial?: Parameters<typeof useTableState>[0];
  totalCount?: number;
}) {
  const [state, dispatch] = useTableState(initial);
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        totalCount={totalCount}
        totalCapped={totalCapped}
        loading={false}
        failed={false}
        onRetry={() => undefined}
        state={state}
        dispatch={dispatch}
        emptyText="Nothing here"
        exportMenu={exportMenu}
      />
      <output data-testid="state">{JSON.stringify(state)}</output>
    </>
  );
}

const tableState = (): TableState => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as TableState;
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
const headerOf = (name: string) => screen.getByText(name, { selector: '.qualis-th-text' }).closest('th')!;

afterEach(async () => {
  vi.useRealTimers();
  await changeLanguage('en');
});

describe('DataTable', () => {
  it(`applies a search one second after the last keystroke and goes back to page 1 ${req('UI-006')}`, () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Page 3'));
    expect(tableState()).toMatchObject({ pageNumber: 3, offset: 50 });

    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'acm' } });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.change(search, { target: { value: 'acme' } });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(tableState()).toMatchObject({ search: '', pageNumber: 3 });

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(tableState()).toMatchObject({ search: 'acme', pageNumber: 1, offset: 0 });
  });

  it('sorts by a header click and toggles the direction on the next click', () => {
    render(<Harness />);
    expect(headerOf('Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(tableState()).toMatchObject({ orderBy: 'name', orderType: 'asc' });
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(tableState()).toMatchObject({ orderBy: 'name', orderType: 'desc' });
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('descending');

    expect(screen.queryByRole('button', { name: 'Note' })).toBeNull();
  });

  it("shows the server's default order as the current sort before any click", () => {
    render(<Harness initial={{ defaultSort: { key: 'id', direction: 'desc' } }} />);
    expect(headerOf('Id').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Id' }));
    expect(tableState()).toMatchObject({ orderBy: 'id', orderType: 'asc' });
    expect(headerOf('Id').getAttribute('aria-sort')).toBe('ascending');
  });

  it('shows the pager with one edge page each side and two around the current one', () => {
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Page 3'));
    fireEvent.click(screen.getByLabelText('Next page'));
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByText('76–100 of 120')).toBeTruthy();
  });

  it(`shows a capped total as a floor, 'of 10,000+', in every language ${req('UI-011')}`, async () => {
    for (const { code } of LANGUAGES) {
      await changeLanguage(code);
      const { unmount } = render(<Harness totalCount={LIST_TOTAL_CAP} totalCapped />);
      const range = document.querySelector('.qualis-pager__range')?.textContent ?? '';
      // The language's own digit grouping ('10,000', '10.000', '10 000') and the '+' of a floor.
      expect(range, code).toMatch(new RegExp(`^1–25 \\S+ ${new Intl.NumberFormat(code).format(LIST_TOTAL_CAP)}\\+$`));
      unmount();
    }
    await changeLanguage('en');
    render(<Harness totalCount={LIST_TOTAL_CAP} />);
    expect(screen.getByText('1–25 of 10,000')).toBeTruthy();
  });

  it(`changes the page size and goes back to page 1 ${req('UI-006')}`, async () => {
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Page 2'));
    fireEvent.mouseDown(screen.getByLabelText('Rows per page'));
    fireEvent.click(await screen.findByTitle('50 / page'));
    expect(tableState()).toMatchObject({ limit: 50, pageNumber: 1, offset: 0, pageCount: 3 });
  });

  it(`manages columns: Save is disabled with no column checked, and hides the unchecked ones ${req('UI-008')}`, () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Manage columns'));
    // antd's ids are all 'test-id' under test, so the dialog is found through its title.
    const dialog = screen.getByText('Display Columns').closest<HTMLElement>('[role=dialog]')!;
    const save = within(dialog).getByRole('button', { name: 'Save' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Unselect All' }));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select All' }));
    expect((save as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Note' }));
    fireEvent.click(save);
    expect(headers()).toEqual(['Name', 'Id']);
  });

  it('selects every row of the page with the header checkbox and hands the selection to the export menu', () => {
    render(
      <Harness
        exportMenu={({ selectedKeys, columns }) => <span>{`${selectedKeys.length} rows, ${columns.join(',')}`}</span>}
      />,
    );
    const selectAll = screen.getByLabelText('Select all rows on this page');
    fireEvent.click(selectAll);
    const rowBoxes = [...document.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    expect(rowBoxes).toHaveLength(25);
    expect(rowBoxes.every((box) => box.checked)).toBe(true);
    expect(screen.getByText('25 rows, name,note,id')).toBeTruthy();

    fireEvent.click(selectAll);
    expect(screen.getByText('0 rows, name,note,id')).toBeTruthy();
  });

  it('reorders columns by dragging a header onto another', () => {
    render(<Harness />);
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(headerOf('Id'), { dataTransfer });
    fireEvent.dragOver(headerOf('Name'), { dataTransfer });
    fireEvent.drop(headerOf('Name'), { dataTransfer });
    expect(headers()).toEqual(['Id', 'Name', 'Note']);
  });

  it('resizes a column by dragging its edge', () => {
    Element.prototype.setPointerCapture = vi.fn();
    Element.prototype.releasePointerCapture = vi.fn();
    render(<Harness />);
    vi.spyOn(HTMLTableElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 1000 } as DOMRect);
    const edge = screen.getByLabelText('Resize column Name');
    expect(edge.getAttribute('aria-valuenow')).toBe('40');

    fireEvent.pointerDown(edge, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(edge, { clientX: 600, pointerId: 1 });
    fireEvent.pointerUp(edge, { clientX: 600, pointerId: 1 });
    expect(edge.getAttribute('aria-valuenow')).toBe('50');
    expect([...document.querySelectorAll('col')].map((col) => col.style.width)).toContain('50%');

    fireEvent.keyDown(edge, { key: 'ArrowLeft' });
    expect(edge.getAttribute('aria-valuenow')).toBe('49');
  });

  it('puts a tooltip on text longer than the column allows', async () => {
    render(<Harness />);
    const long = screen.getByText('A note longer than ten characters');
    expect(long.classList.contains('qualis-cell-text')).toBe(true);
    expect(screen.getAllByText('short')[0]!.classList.contains('qualis-cell-text')).toBe(false);
    fireEvent.mouseEnter(long);
    expect((await screen.findByRole('tooltip')).textContent).toContain('A note longer than ten characters');
  });
});

describe('DataTable states', () => {
  const emptyState: TableState = {
    limit: 25,
    offset: 0,
    pageNumber: 1,
    pageCount: 1,
    totalItems: 0,
    search: '',
    orderBy: null,
    orderType: 'asc',
    defaultSort: null,
    filters: {},
  };
  const renderState = (props: Pick<DataTableProps<Row>, 'loading' | 'failed' | 'totalCount'>, onRetry = vi.fn()) =>
    render(
      <DataTable
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        {...props}
        onRetry={onRetry}
        state={emptyState}
        dispatch={() => undefined}
        emptyText="There are no Documents to display"
      />,
    );

  it('shows the spinner and claims neither an empty list nor a range while loading', () => {
    const { container } = renderState({ loading: true, failed: false, totalCount: undefined });
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByText('There are no Documents to display')).toBeNull();
    expect(screen.queryByText('0–0 of 0')).toBeNull();
  });

  it('shows an error with a retry, not the empty text, after a failed load', () => {
    const onRetry = vi.fn();
    renderState({ loading: false, failed: true, totalCount: undefined }, onRetry);
    expect(screen.queryByText('There are no Documents to display')).toBeNull();
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty text and the range only for a real empty answer', () => {
    renderState({ loading: false, failed: false, totalCount: 0 });
    expect(screen.getByText('There are no Documents to display')).toBeTruthy();
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
  });
});
