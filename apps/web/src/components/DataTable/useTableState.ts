import { useReducer } from 'react';
import { initialTableState, tableReducer } from './table-state';

export function useTableState(initial?: Parameters<typeof initialTableState>[0]) {
  return useReducer(tableReducer, initial, initialTableState);
}
