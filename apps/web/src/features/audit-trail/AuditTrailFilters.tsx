import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableAction, TableFilters } from '../../components/DataTable/table-state';
import { PersonSelect } from '../actions/PersonSelect';

const DAY = 'YYYY-MM-DD';

const single = (value: TableFilters[string]) => (typeof value === 'string' ? value : undefined);

/** A text filter applied on Enter or when it loses focus (not on every key, each a query). */
function TextFilter({
  label,
  value,
  onApply,
}: {
  label: string;
  value: string | undefined;
  onApply: (v: string) => void;
}) {
  const [typed, setTyped] = useState(value ?? '');
  // A filter set elsewhere (a row option) shows in the field.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value ?? '');
  }
  return (
    <Input
      className="qualis-table-filter"
      allowClear
      aria-label={label}
      placeholder={label}
      value={typed}
      onChange={(e) => {
        setTyped(e.target.value);
        // The clear cross empties the field: apply at once.
        if (e.type === 'click') onApply('');
      }}
      onPressEnter={() => onApply(typed.trim())}
      onBlur={() => onApply(typed.trim())}
    />
  );
}

export interface AuditTrailFiltersProps {
  /** The organization whose people the person filter offers; none for the provider's trail. */
  organizationId: string | undefined;
  filters: TableFilters;
  dispatch: Dispatch<TableAction>;
}

/**
 * The trail's filters (issue 23): person, record kind, record, action and a range of UTC days.
 * They live in the list's table state as the server's query parameters.
 */
export function AuditTrailFilters({ organizationId, filters, dispatch }: AuditTrailFiltersProps) {
  const { t } = useTranslation();
  const set = (key: string) => (value: TableFilters[string]) => dispatch({ type: 'filter', key, value });
  const from = single(filters.from);
  const to = single(filters.to);
  return (
    <>
      {organizationId && (
        <div className="qualis-table-filter">
          <PersonSelect
            organizationId={organizationId}
            known={[]}
            allowClear
            aria-label={t('auditTrail.filters.person')}
            placeholder={t('auditTrail.filters.anyPerson')}
            value={single(filters.actorUserId)}
            onChange={(value) => set('actorUserId')(value)}
          />
        </div>
      )}
      <TextFilter label={t('auditTrail.filters.kind')} value={single(filters.entityType)} onApply={set('entityType')} />
      <TextFilter label={t('auditTrail.filters.record')} value={single(filters.entityId)} onApply={set('entityId')} />
      <TextFilter label={t('auditTrail.filters.action')} value={single(filters.action)} onApply={set('action')} />
      <DatePicker.RangePicker
        className="qualis-table-filter"
        aria-label={t('auditTrail.filters.dates')}
        format={DAY}
        allowEmpty={[true, true]}
        placeholder={[t('auditTrail.filters.from'), t('auditTrail.filters.to')]}
        value={[from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null]}
        onChange={(range) => {
          set('from')(range?.[0]?.format(DAY));
          set('to')(range?.[1]?.format(DAY));
        }}
      />
    </>
  );
}
