import { ACTION_STATUS, type ActionStatusName } from '@qualis/contract';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableAction, TableFilters } from '../../components/DataTable/table-state';
import { PersonSelect } from './PersonSelect';

const DAY = 'YYYY-MM-DD';
const STATUS_NAMES = Object.keys(ACTION_STATUS) as ActionStatusName[];

const single = (value: TableFilters[string]) => (typeof value === 'string' ? value : undefined);

export interface ActionFiltersProps {
  organizationId: string;
  filters: TableFilters;
  dispatch: Dispatch<TableAction>;
}

/**
 * The actions list's filters (spec 03 section 2): any of the chosen statuses, one assignee and a
 * due date range (either end may stay open). They live in the list's table state, as the
 * server's query parameters `status`, `assigneeId`, `dueDateFrom` and `dueDateTo`.
 */
export function ActionFilters({ organizationId, filters, dispatch }: ActionFiltersProps) {
  const { t } = useTranslation();
  const set = (key: string) => (value: TableFilters[string]) => dispatch({ type: 'filter', key, value });
  const from = single(filters.dueDateFrom);
  const to = single(filters.dueDateTo);
  return (
    <>
      <Select
        className="qualis-table-filter"
        mode="multiple"
        allowClear
        aria-label={t('actions.filters.status')}
        placeholder={t('actions.filters.anyStatus')}
        value={Array.isArray(filters.status) ? filters.status : []}
        onChange={set('status')}
        options={STATUS_NAMES.map((name) => ({
          value: String(ACTION_STATUS[name]),
          label: t(`actions.status.${name}`),
        }))}
      />
      <div className="qualis-table-filter">
        <PersonSelect
          organizationId={organizationId}
          known={[]}
          allowClear
          aria-label={t('actions.filters.assignee')}
          placeholder={t('actions.filters.anyAssignee')}
          value={single(filters.assigneeId)}
          onChange={(value) => set('assigneeId')(value)}
        />
      </div>
      <DatePicker.RangePicker
        className="qualis-table-filter"
        aria-label={t('actions.filters.dueDate')}
        format={DAY}
        allowEmpty={[true, true]}
        placeholder={[t('actions.filters.dueFrom'), t('actions.filters.dueTo')]}
        value={[from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null]}
        onChange={(range) => {
          set('dueDateFrom')(range?.[0]?.format(DAY));
          set('dueDateTo')(range?.[1]?.format(DAY));
        }}
      />
    </>
  );
}
