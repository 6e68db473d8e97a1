import { EyeOutlined } from '@ant-design/icons';
import { NAME_TOOLTIP_LENGTH, type Organization, type ORGANIZATION_SORT_KEYS } from '@qualis/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, listQuery, useTableState, type DataTableColumn } from '../../components/DataTable';
import { useOrganizationList } from './organizations.api';

type SortKey = (typeof ORGANIZATION_SORT_KEYS)[number];

/** The SuperAdmin's list of client organizations (spec 01 section 2, "Organizations list"). */
export function OrganizationsTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState();
  const list = useOrganizationList(listQuery(state));

  const columns: DataTableColumn<Organization>[] = [
    {
      key: 'name',
      title: t('organizations.columns.name'),
      width: 32,
      sortKey: 'name' satisfies SortKey,
      text: (o) => o.name,
      tooltip: NAME_TOOLTIP_LENGTH,
    },
    {
      key: 'status',
      title: t('organizations.columns.status'),
      width: 22,
      sortKey: 'status' satisfies SortKey,
      render: (o) => (
        <Tag color={o.status === 'Active' ? 'green' : 'default'}>{t(`organizations.status.${o.status}`)}</Tag>
      ),
    },
    {
      key: 'isManagedByClient',
      title: t('organizations.columns.managedByClient'),
      width: 18,
      sortKey: 'isManagedByClient' satisfies SortKey,
      text: (o) => (o.isManagedByClient ? t('common.yes') : t('common.no')),
    },
    {
      key: 'options',
      title: t('organizations.columns.options'),
      width: 28,
      render: (o) => (
        // The SuperAdmin cannot enter an organization its client manages: the icon is muted and inert.
        <Tooltip title={o.isManagedByClient ? t('organizations.managedByClientHint') : t('organizations.view')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('organizations.viewNamed', { name: o.name })}
            disabled={o.isManagedByClient}
            onClick={() => void navigate(`/organizations/${o.id}/admins`)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(o) => o.id}
      totalCount={list.data?.pagination.totalCount}
      loading={list.isFetching}
      state={state}
      dispatch={dispatch}
      emptyText={t('organizations.empty')}
    />
  );
}
