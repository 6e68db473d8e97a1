export { DataTable, NAME_MIN_PX, type DataTableColumn } from './DataTable';
export { listQuery, type ListQueryParams, type TableState } from './table-state';
export { useTableState } from './useTableState';
export { RowOptions, rowOptionsWidth, type RowOption } from './RowOptions';
