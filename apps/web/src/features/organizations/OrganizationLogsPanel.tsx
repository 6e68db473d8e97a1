import { CloseOutlined } from '@ant-design/icons';
import { ORGANIZATION_SELECTION_LIMIT } from '@qualis/contract';
import { Button, Card, Checkbox, DatePicker, Empty, Radio, Space, Spin, Typography } from 'antd';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationList, useOrganizationLogsExport } from './organizations.api';
import {
  canExportLogs,
  LOG_INFO_TYPE_KEYS,
  localDay,
  logsDateBounds,
  logsExportQuery,
  organizationsOfStatus,
  type StatusFilter,
} from './organization-rules';
import type { SuccessToast } from '../../components/useSuccessToast';

const STATUS_FILTERS: StatusFilter[] = ['ALL_ORGANIZATIONS', 'ALL_ACTIVE_ORGANIZATIONS', 'ALL_INACTIVE_ORGANIZATIONS'];
const DAY = 'YYYY-MM-DD';

type RangeValue = Parameters<NonNullable<ComponentProps<typeof DatePicker.RangePicker>['onChange']>>[0];

export interface OrganizationLogsPanelProps {
  /** The list's search: the panel offers the organizations it matches (up to 100). */
  search: string;
  onClose: () => void;
  onSuccess: SuccessToast;
}

/**
 * The 'Logs' export (spec 01 sections 4-5): info types, the panel's own selection of organizations
 * (with a status filter), a date range from three months ago to today, organization changes.
 * The report is e-mailed; closing the panel or 'Clear all' forgets the choice.
 */
export function OrganizationLogsPanel({ search, onClose, onSuccess }: OrganizationLogsPanelProps) {
  const { t } = useTranslation();
  const organizations = useOrganizationList({
    limit: ORGANIZATION_SELECTION_LIMIT,
    offset: 0,
    search: search || undefined,
    orderBy: 'name',
    orderType: 'asc',
  });
  const rows = useMemo(() => organizations.data?.data ?? [], [organizations.data]);
  const [infoTypes, setInfoTypes] = useState<number[]>([]);
  const [statusFilter, setStatusFilter] = useState<StatusFilter | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [range, setRange] = useState<RangeValue>(null);
  const [includeOrganizationChanges, setIncludeOrganizationChanges] = useState(false);
  const exportLogs = useOrganizationLogsExport();

  const bounds = logsDateBounds(localDay(new Date()));
  const days: [string, string] | null = range?.[0] && range[1] ? [range[0].format(DAY), range[1].format(DAY)] : null;
  // Only organizations still offered count (a new search may have hidden some).
  const chosenIds = selectedIds.filter((id) => rows.some((o) => o.id === id));
  const choice = { infoTypes, selectedIds: chosenIds, range: days, includeOrganizationChanges, search };
  const enabled = canExportLogs(choice);

  const clearAll = () => {
    setInfoTypes([]);
    setStatusFilter(null);
    setSelectedIds([]);
    setRange(null);
    setIncludeOrganizationChanges(false);
  };

  const allInfoTypes = LOG_INFO_TYPE_KEYS.map((_, index) => index);

  return (
    <Card
      className="qualis-org-logs"
      size="small"
      role="region"
      aria-label={t('organizations.logs.title')}
      title={t('organizations.logs.title')}
      extra={
        <Button type="text" icon={<CloseOutlined />} aria-label={t('organizations.logs.close')} onClick={onClose} />
      }
    >
      <div className="qualis-org-logs__grid">
        <section>
          <Typography.Title level={5}>{t('organizations.logs.infoTypes')}</Typography.Title>
          <Checkbox
            checked={infoTypes.length === allInfoTypes.length}
            indeterminate={infoTypes.length > 0 && infoTypes.length < allInfoTypes.length}
            onChange={(event) => setInfoTypes(event.target.checked ? allInfoTypes : [])}
          >
            {t('organizations.logs.allInfoTypes')}
          </Checkbox>
          <Checkbox.Group
            className="qualis-org-logs__list"
            value={infoTypes}
            onChange={(values) => setInfoTypes(values as number[])}
            options={LOG_INFO_TYPE_KEYS.map((key, index) => ({
              value: index,
              label: t(`organizations.logs.infoType.${key}`),
            }))}
          />
        </section>
        <section>
          <Typography.Title level={5}>{t('organizations.logs.organizations')}</Typography.Title>
          <Radio.Group
            className="qualis-org-logs__list"
            value={statusFilter}
            onChange={(event) => {
              const filter = event.target.value as StatusFilter;
              setStatusFilter(filter);
              setSelectedIds(organizationsOfStatus(rows, filter));
            }}
            options={STATUS_FILTERS.map((filter) => ({ value: filter, label: t(`organizations.logs.${filter}`) }))}
          />
          <div className="qualis-org-logs__organizations">
            {organizations.isPending ? (
              <Spin />
            ) : rows.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organizations.empty')} />
            ) : (
              <Checkbox.Group
                className="qualis-org-logs__list"
                value={chosenIds}
                onChange={(values) => {
                  setStatusFilter(null);
                  setSelectedIds(values as string[]);
                }}
                options={rows.map((o) => ({ value: o.id, label: o.name }))}
              />
            )}
          </div>
          <Typography.Text type="secondary">
            {t('organizations.logs.selectedCount', { number: chosenIds.length })}
          </Typography.Text>
        </section>
        <section>
          <Typography.Title level={5}>{t('organizations.logs.period')}</Typography.Title>
          <DatePicker.RangePicker
            value={range}
            format={DAY}
            onChange={setRange}
            allowEmpty={[false, false]}
            placeholder={[t('organizations.logs.startDate'), t('organizations.logs.endDate')]}
            disabledDate={(day) => {
              const text = day.format(DAY);
              return text < bounds.min || text > bounds.max;
            }}
          />
          <Typography.Paragraph type="secondary" className="qualis-org-logs__hint">
            {t('organizations.logs.periodHint')}
          </Typography.Paragraph>
          <Checkbox
            checked={includeOrganizationChanges}
            onChange={(event) => setIncludeOrganizationChanges(event.target.checked)}
          >
            {t('organizations.logs.includeOrganizationChanges')}
          </Checkbox>
          <Space className="qualis-org-logs__actions">
            <Button onClick={clearAll}>{t('organizations.logs.clearAll')}</Button>
            <Button
              type="primary"
              disabled={!enabled}
              loading={exportLogs.isPending}
              onClick={() =>
                exportLogs.mutate(logsExportQuery(choice), {
                  onSuccess: (answer) => onSuccess(answer.data?.message, t('organizations.logs.requested')),
                })
              }
            >
              {t('organizations.logs.export')}
            </Button>
          </Space>
        </section>
      </div>
    </Card>
  );
}
