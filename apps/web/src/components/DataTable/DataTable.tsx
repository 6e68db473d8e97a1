import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Table, Tooltip, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useRef, useState, type Dispatch, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnLayout } from './column-layout';
import { ColumnTitle } from './ColumnTitle';
import { ManageColumnsModal } from './ManageColumnsModal';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';
import type { TableAction, TableState } from './table-state';

/** Spec 01 section 9: tooltips on text cells over 10 characters and on names over 100. */

export interface DataTableColumn<T> {
  key: string;
  title: string;
  /** Default width, in percent of the table. */
  width: number;
  /** The key sent as `orderBy`; the column is not sortable without one. */
  sortKey?: string;
  /** The cell as plain text; shown when there is no `render`, and in the tooltip. */
  text?: (row: T) => string;
  render?: (row: T) => ReactNode;
  /** Shows the full text in a tooltip when it is longer than this many characters. */
  tooltip?: number;
  /** Hidden until chosen in 'Manage columns'. */
  hiddenByDefault?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The list's total on the server; undefined until the first answer. */
  totalCount: number | undefined;
  loading: boolean;
  state: TableState;
  dispatch: Dispatch<TableAction>;
  emptyText: string;
  /** The export menu; it gets the selected rows and the visible columns, in display order. */
  exportMenu?: (selection: { selectedKeys: string[]; columns: string[] }) => ReactNode;
  /** Buttons for the checked rows (a bulk delete), shown while any is checked; `clear` unchecks them. */
  selectionActions?: (selection: { selectedKeys: string[]; clear: () => void }) => ReactNode;
  /** A click on a row (outside its links, buttons and checkbox). */
  onRowClick?: (row: T) => void;
}

/** Elements of a row that do their own thing on click. */
const INTERACTIVE = 'a, button, input, label, .ant-table-selection-column, .ant-dropdown';

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

/** The one list table of the app: search, sort, paging, column management, selection, export. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, totalCount, loading, state, dispatch, emptyText, exportMenu } = props;
  const { selectionActions, onRowClick } = props;
  const { t } = useTranslation();
  const layout = useColumnLayout(columns);
  const [selected, setSelected] = useState<string[]>([]);
  const [managing, setManaging] = useState(false);
  const dragged = useRef<string | null>(null);
  const resizing = useRef(false);

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

  const tableColumns: TableColumnsType<T> = layout.visible.map((column) => {
    const { sortKey } = column;
    const sorted = sortKey !== undefined && state.orderBy === sortKey;
    return {
      key: column.key,
      width: `${layout.widthOf(column.key)}%`,
      ellipsis: { showTitle: false },
      title: (
        <ColumnTitle
          title={column.title}
          direction={sorted ? state.orderType : undefined}
          onSort={sortKey === undefined ? undefined : () => dispatch({ type: 'sort', key: sortKey })}
          width={layout.widthOf(column.key)}
          onResize={(width) => layout.resize(column.key, width)}
          onResizing={(active) => {
            resizing.current = active;
          }}
        />
      ),
      onHeaderCell: () => ({
        draggable: true,
        'aria-sort': sorted ? (state.orderType === 'asc' ? 'ascending' : 'descending') : undefined,
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

  return (
    <div className="qualis-table">
      <div className="qualis-table-toolbar">
        <SearchBox value={state.search} onSearch={search} />
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
        dataSource={rows}
        columns={tableColumns}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText }}
        rowClassName={onRowClick ? 'qualis-table__row--clickable' : undefined}
        onRow={
          onRowClick
            ? (row) => ({
                onClick: (event) => {
                  if (!(event.target as HTMLElement).closest(INTERACTIVE)) onRowClick(row);
                },
              })
            : undefined
        }
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          columnWidth: 48,
          columnTitle: (
            <Checkbox
              aria-label={t('table.selectAllRows')}
              checked={pageKeys.length > 0 && selectedOnPage === pageKeys.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageKeys.length}
              disabled={pageKeys.length === 0}
              onChange={(event) => selectPage(event.target.checked)}
            />
          ),
        }}
      />
      <Pager state={state} dispatch={dispatch} />
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
