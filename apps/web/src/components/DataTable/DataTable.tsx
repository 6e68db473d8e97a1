import { SettingOutlined } from '@ant-design/icons';
import type { OrderDirection } from '@qualis/contract';
import { Button, Checkbox, Result, Table, Tooltip, type TableColumnsType } from 'antd';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type DragEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../useNarrow';
import { fitColumns, headerMinWidth, useColumnLayout } from './column-layout';
import { ColumnTitle } from './ColumnTitle';
import { ManageColumnsModal } from './ManageColumnsModal';
import { Pager } from './Pager';
import { rowOptionsWidth } from './RowOptions';
import { SearchBox } from './SearchBox';
import { currentSort, type TableAction, type TableState } from './table-state';

/** Spec 01 section 9: tooltips on text cells over 10 characters and on names over 100. */

/** A record's name stays readable: a table scrolls sideways rather than cut it to its header's width. */
export const NAME_MIN_PX = 200;

/** The row options hold up to three buttons unless their column says more (`minWidth`). */
const defaultMinWidth = (key: string) => (key === 'options' ? rowOptionsWidth(3) : 0);

export interface DataTableColumn<T> {
  key: string;
  title: string;
  /**
   * Its share of the table's room beyond every header's own width (percent of the table): a
   * column is never narrower than its header.
   */
  width: number;
  /** The key sent as `orderBy`; the column is not sortable without one. */
  sortKey?: string;
  /** The direction of the first click on this column: `desc` where the best or newest come first (relevance). */
  sortFirst?: OrderDirection;
  /** The cell as plain text; shown when there is no `render`, and in the tooltip. */
  text?: (row: T) => string;
  render?: (row: T) => ReactNode;
  /** Shows the full text in a tooltip when it is longer than this many characters. */
  tooltip?: number;
  /** Hidden until chosen in 'Manage columns'. */
  hiddenByDefault?: boolean;
  /** Pixels its cells need whatever the header (a row's option buttons: `rowOptionsWidth`; three by default). */
  minWidth?: number;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The list's total on the server; undefined until the first answer. */
  totalCount: number | undefined;
  /** The total is a floor: the server stopped counting there (shown as '1000+'). */
  totalCapped?: boolean;
  /** A load is under way: the spinner shows, and no empty text or range is claimed. */
  loading: boolean;
  /** The last load failed: an error state with a retry replaces the rows and the empty text. */
  failed: boolean;
  onRetry: () => void;
  state: TableState;
  dispatch: Dispatch<TableAction>;
  /** Shown only when the server answered an empty list. */
  emptyText: string;
  /** Opens a row on a click anywhere in it but on its own controls (buttons, links, switches, boxes). */
  onRowClick?: (row: T) => void;
  /** The export menu; it gets the selected rows and the visible columns, in display order. */
  exportMenu?: (selection: { selectedKeys: string[]; columns: string[] }) => ReactNode;
  /** Filters of the list beside the search box (the documents' types). */
  filters?: ReactNode;
  /** Buttons for the checked rows (a bulk delete), shown while any is checked; `clear` unchecks them. */
  selectionActions?: (selection: { selectedKeys: string[]; clear: () => void }) => ReactNode;
  /** False for a list whose search lives elsewhere (global search: the top bar's box). */
  searchable?: boolean;
  /** False for a list whose rows nothing can be done with together: no checkboxes. */
  selectable?: boolean;
}

function Cell<T>({ column, row }: { column: DataTableColumn<T>; row: T }) {
  if (column.render) return column.render(row);
  const text = column.text?.(row) ?? '';
  if (column.tooltip === undefined || text.length <= column.tooltip) return text;
  return (
    <Tooltip title={text}>
      <span className="qualis-cell-text">{text}</span>
    </Tooltip>
  );
}

/**
 * On phones the columns get fixed widths and the table scrolls inside its card, never the page;
 * the fixed ones (selection, first column, options: 48 + 150 + 56 px) leave room to scroll the rest.
 */
const NARROW_COLUMN_PX = 150;
const NARROW_OPTIONS_PX = 56;
const SELECTION_PX = 48;

/** The element's width in pixels, kept as it resizes (0 until measured). */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The one list table of the app: search, sort, paging, column management, selection, export.
 * On phones the first column, the selection and the options column stay fixed while the rest scrolls.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    totalCount,
    totalCapped = false,
    loading,
    failed,
    onRetry,
    state,
    dispatch,
    emptyText,
    onRowClick,
    exportMenu,
    selectionActions,
    filters,
    searchable = true,
    selectable = true,
  } = props;
  const { t } = useTranslation();
  const narrow = useNarrow();
  const layout = useColumnLayout(columns);
  const [selected, setSelected] = useState<string[]>([]);
  const [managing, setManaging] = useState(false);
  const dragged = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const resizing = useRef(false);
  const tableWidth = useWidth(root);

  // antd's hidden measuring row (scrolling tables) repeats the headers' buttons: keep them out of
  // the keyboard's and screen readers' way.
  useEffect(() => {
    root.current?.querySelectorAll('.ant-table-measure-row').forEach((row) => row.setAttribute('inert', ''));
  });

  useEffect(() => {
    if (totalCount !== undefined) dispatch({ type: 'total', totalItems: totalCount });
  }, [totalCount, dispatch]);

  const search = useCallback((text: string) => dispatch({ type: 'search', search: text }), [dispatch]);

  const pageKeys = rows.map(rowKey);
  const selectedOnPage = pageKeys.filter((key) => selected.includes(key)).length;
  const selectPage = (checked: boolean) =>
    setSelected((current) =>
      checked ? [...new Set([...current, ...pageKeys])] : current.filter((key) => !pageKeys.includes(key)),
    );

  const activeSort = currentSort(state);
  // On wider screens each column gets its header's width and a share of the rest; the table
  // scrolls sideways only when the headers alone do not fit.
  const room = tableWidth - (selectable ? SELECTION_PX : 0);
  const fitted =
    !narrow && room > 0
      ? fitColumns(
          layout.visible.map((c) => ({
            key: c.key,
            weight: layout.widthOf(c.key),
            min: Math.max(headerMinWidth(c.title, c.sortKey !== undefined), c.minWidth ?? defaultMinWidth(c.key)),
          })),
          room,
        )
      : undefined;
  const fittedWidth = fitted && Object.values(fitted).reduce((sum, w) => sum + w, 0);
  // A table wider than its card scrolls; its first column and row options stay in view.
  const scrolls = narrow || (fittedWidth !== undefined && fittedWidth > room);
  const tableColumns: TableColumnsType<T> = layout.visible.map((column, index) => {
    const { sortKey, sortFirst } = column;
    const direction = sortKey !== undefined && activeSort?.key === sortKey ? activeSort.direction : undefined;
    const sort = sortKey === undefined ? undefined : () => dispatch({ type: 'sort', key: sortKey, first: sortFirst });
    const isOptions = column.key === 'options';
    return {
      key: column.key,
      width: narrow
        ? isOptions
          ? NARROW_OPTIONS_PX
          : NARROW_COLUMN_PX
        : (fitted?.[column.key] ?? `${layout.widthOf(column.key)}%`),
      fixed: scrolls ? (isOptions ? 'right' : index === 0 ? 'left' : undefined) : undefined,
      ellipsis: { showTitle: false },
      title: (
        <ColumnTitle
          title={column.title}
          direction={direction}
          onSort={sort}
          width={layout.widthOf(column.key)}
          onResize={(width) => layout.resize(column.key, width)}
          onResizing={(active) => {
            resizing.current = active;
          }}
        />
      ),
      onHeaderCell: () => ({
        draggable: true,
        // A click anywhere on a sortable header sorts (the button inside keeps it reachable by keyboard).
        onClick: sort,
        className: sort ? 'qualis-th--sortable' : undefined,
        'aria-sort': direction && (direction === 'asc' ? 'ascending' : 'descending'),
        onDragStart: (event: DragEvent) => {
          if (resizing.current) return event.preventDefault();
          dragged.current = column.key;
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', column.key);
        },
        onDragOver: (event: DragEvent) => {
          if (dragged.current) event.preventDefault();
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          if (dragged.current) layout.move(dragged.current, column.key);
          dragged.current = null;
        },
        onDragEnd: () => {
          dragged.current = null;
        },
      }),
      render: (_: unknown, row: T) => <Cell column={column} row={row} />,
    };
  });

  // Honest states: nothing is claimed while loading; a failure says so and offers a retry.
  const empty = failed ? (
    <Result
      status="warning"
      title={t('table.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('table.retry')}
        </Button>
      }
    />
  ) : loading ? (
    <div className="qualis-table-loading" />
  ) : (
    emptyText
  );
  const scrollWidth =
    (selectable ? SELECTION_PX : 0) +
    layout.visible.reduce((sum, c) => sum + (c.key === 'options' ? NARROW_OPTIONS_PX : NARROW_COLUMN_PX), 0);

  return (
    <div className="qualis-table" ref={root}>
      <div className="qualis-table-toolbar">
        {searchable && <SearchBox value={state.search} onSearch={search} />}
        {filters}
        <div className="qualis-table-toolbar__actions">
          {selected.length > 0 && selectionActions?.({ selectedKeys: selected, clear: () => setSelected([]) })}
          {exportMenu?.({ selectedKeys: selected, columns: layout.visible.map((c) => c.key) })}
          <Button icon={<SettingOutlined />} onClick={() => setManaging(true)}>
            {t('table.manageColumns')}
          </Button>
        </div>
      </div>
      <Table<T>
        rowKey={rowKey}
        dataSource={failed && !loading ? [] : rows}
        columns={tableColumns}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        scroll={
          narrow
            ? { x: scrollWidth }
            : fittedWidth && fittedWidth > room
              ? { x: fittedWidth + (selectable ? SELECTION_PX : 0) }
              : undefined
        }
        locale={{ emptyText: empty }}
        onRow={
          onRowClick &&
          ((row) => ({
            className: 'qualis-row--clickable',
            onClick: (event) => {
              // Clicks in the row's own controls, or in a menu it opened (a portal), are theirs.
              const target = event.target as Element;
              if (!event.currentTarget.contains(target)) return;
              if (target.closest('button, a, input, label, [role="switch"], .ant-checkbox-wrapper')) return;
              onRowClick(row);
            },
          }))
        }
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
                columnWidth: SELECTION_PX,
                fixed: scrolls,
                columnTitle: (
                  <Checkbox
                    aria-label={t('table.selectAllRows')}
                    checked={pageKeys.length > 0 && selectedOnPage === pageKeys.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < pageKeys.length}
                    disabled={pageKeys.length === 0}
                    onChange={(event) => selectPage(event.target.checked)}
                  />
                ),
              }
            : undefined
        }
      />
      <Pager state={state} dispatch={dispatch} known={totalCount !== undefined && !failed} atLeast={totalCapped} />
      {managing && (
        <ManageColumnsModal
          columns={columns}
          visible={layout.visible.map((c) => c.key)}
          onSave={(keys) => {
            layout.show(keys);
            setManaging(false);
          }}
          onCancel={() => setManaging(false)}
        />
      )}
    </div>
  );
}
