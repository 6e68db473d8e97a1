import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PictureOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  NAME_TOOLTIP_LENGTH,
  endpoints,
  type Organization,
  type ORGANIZATION_SORT_KEYS,
  ZOrganizationNameRequest,
} from '@qualis/contract';
import { Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, listQuery, RowOptions, useTableState, type DataTableColumn } from '../../components/DataTable';
import { DeleteOrganizationModal } from './DeleteOrganizationModal';
import { OrganizationLogo } from './OrganizationLogo';
import { OrganizationLogoModal } from './OrganizationLogoModal';
import { OrganizationLogsPanel } from './OrganizationLogsPanel';
import { ExportMenu } from '../../components/ExportMenu';
import { NameModal } from '../../components/NameModal';
import {
  useDeleteOrganization,
  useInspectionPackage,
  useOrganizationList,
  useRenameOrganization,
  useToggleManagedByClient,
  useToggleOrganizationStatus,
} from './organizations.api';
import { OrganizationStatusModal } from './OrganizationStatusModal';
import type { SuccessToast } from '../../components/useSuccessToast';
import './organizations.css';

type SortKey = (typeof ORGANIZATION_SORT_KEYS)[number];

/** The dialog open on one row, if any. */
type RowDialog = { kind: 'rename' | 'status' | 'logo' | 'delete'; organization: Organization } | null;

/** The SuperAdmin's list of client organizations (spec 01 section 2, "Organizations list"). */
export function OrganizationsTable({ onSuccess }: { onSuccess: SuccessToast }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'name', direction: 'asc' } });
  const list = useOrganizationList(listQuery(state));
  const [dialog, setDialog] = useState<RowDialog>(null);
  const [logsOpen, setLogsOpen] = useState(false);
  const rename = useRenameOrganization();
  const toggleStatus = useToggleOrganizationStatus();
  const toggleManaged = useToggleManagedByClient();
  const remove = useDeleteOrganization();
  const exportEverything = useInspectionPackage();
  const close = () => setDialog(null);
  const adminsPath = (o: Organization) => `/organizations/${o.id}/admins`;

  const columns: DataTableColumn<Organization>[] = [
    {
      key: 'name',
      title: t('organizations.columns.name'),
      width: 32,
      sortKey: 'name' satisfies SortKey,
      text: (o) => o.name,
      render: (o) => {
        // The name opens the organization's Admins (spec 01), but not one its client manages.
        const name = o.isManagedByClient ? (
          <span className="qualis-org-row__name">{o.name}</span>
        ) : (
          <Link to={adminsPath(o)} className="qualis-org-row__name">
            {o.name}
          </Link>
        );
        return (
          <span className="qualis-org-row">
            <OrganizationLogo organization={o} size={24} />
            {o.name.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={o.name}>{name}</Tooltip> : name}
          </span>
        );
      },
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
      // The switch calls at once; it shows the server's flag, so it flips only once the server has answered.
      render: (o) => (
        <Switch
          checked={o.isManagedByClient}
          checkedChildren={t('common.yes')}
          unCheckedChildren={t('common.no')}
          loading={toggleManaged.isPending && toggleManaged.variables === o.id}
          aria-label={t('organizations.managedByClientNamed', { name: o.name })}
          onChange={() => toggleManaged.mutate(o.id)}
        />
      ),
    },
    {
      key: 'options',
      title: t('organizations.columns.options'),
      width: 28,
      render: (o) => (
        <RowOptions
          rowName={o.name}
          options={[
            {
              key: 'view',
              label: t('organizations.view'),
              ariaLabel: t('organizations.viewNamed', { name: o.name }),
              // The SuperAdmin cannot enter an organization its client manages: the option is muted and inert.
              hint: t('organizations.managedByClientHint'),
              icon: <EyeOutlined />,
              disabled: o.isManagedByClient,
              onClick: () => void navigate(adminsPath(o)),
            },
            {
              key: 'rename',
              label: t('organizations.rename'),
              ariaLabel: t('organizations.renameNamed', { name: o.name }),
              icon: <EditOutlined />,
              onClick: () => setDialog({ kind: 'rename', organization: o }),
            },
            {
              key: 'status',
              label: o.status === 'Active' ? t('organizations.deactivate') : t('organizations.activate'),
              ariaLabel: t(o.status === 'Active' ? 'organizations.deactivateNamed' : 'organizations.activateNamed', {
                name: o.name,
              }),
              icon: o.status === 'Active' ? <StopOutlined /> : <CheckCircleOutlined />,
              onClick: () => setDialog({ kind: 'status', organization: o }),
            },
            {
              key: 'logo',
              label: t('organizations.logo'),
              ariaLabel: t('organizations.logoNamed', { name: o.name }),
              // The logo belongs inside the organization: not for one its client manages.
              hint: t('organizations.managedByClientHint'),
              icon: <PictureOutlined />,
              disabled: o.isManagedByClient,
              onClick: () => setDialog({ kind: 'logo', organization: o }),
            },
            {
              key: 'exportEverything',
              label: t('organizations.exportEverything'),
              ariaLabel: t('organizations.exportEverythingNamed', { name: o.name }),
              // The package is made as the SuperAdmin inside the organization: not for one its client manages.
              hint: t('organizations.managedByClientHint'),
              icon: <DownloadOutlined />,
              disabled: o.isManagedByClient,
              onClick: () =>
                exportEverything.mutate(o.id, {
                  onSuccess: (answer) => onSuccess(answer.data?.message, t('messages.reportBeingGenerated')),
                }),
            },
            {
              key: 'delete',
              label: t('organizations.delete'),
              ariaLabel: t('organizations.deleteNamed', { name: o.name }),
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => setDialog({ kind: 'delete', organization: o }),
            },
          ]}
        />
      ),
    },
  ];

  const { limit: _limit, offset: _offset, ...exportQuery } = listQuery(state);

  return (
    <>
      {logsOpen && (
        <OrganizationLogsPanel search={state.search} onClose={() => setLogsOpen(false)} onSuccess={onSuccess} />
      )}
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(o) => o.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        loading={list.isFetching}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        dispatch={dispatch}
        emptyText={t('organizations.empty')}
        onRowClick={(o) => {
          if (!o.isManagedByClient) void navigate(adminsPath(o));
        }}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints.organizations.export}
            query={exportQuery}
            selectedKeys={selectedKeys}
            columns={visible}
            onDownloaded={() => onSuccess(undefined, t('organizations.export.downloaded'))}
            // A toggle: the panel opens or closes (closing forgets its choice).
            extraItems={[
              { key: 'logs', label: t('organizations.export.logs'), onClick: () => setLogsOpen((open) => !open) },
            ]}
          />
        )}
      />
      {dialog?.kind === 'rename' && (
        <NameModal
          open
          label={t('organizations.nameLabel')}
          schema={ZOrganizationNameRequest}
          title={t('organizations.renameModal.title')}
          okText={t('common.save')}
          initialName={dialog.organization.name}
          saving={rename.isPending}
          onCancel={close}
          onSubmit={(name) =>
            rename.mutateAsync({ id: dialog.organization.id, name }).then((answer) => {
              onSuccess(answer.message, t('organizations.renamed'));
              close();
            })
          }
        />
      )}
      {dialog?.kind === 'status' && (
        <OrganizationStatusModal
          organization={dialog.organization}
          saving={toggleStatus.isPending}
          onCancel={close}
          onConfirm={() =>
            toggleStatus.mutate(dialog.organization.id, {
              onSuccess: (answer) => {
                onSuccess(answer.message, t('organizations.statusChanged'));
                close();
              },
            })
          }
        />
      )}
      {dialog?.kind === 'logo' && (
        <OrganizationLogoModal organization={dialog.organization} onClose={close} onSuccess={onSuccess} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteOrganizationModal
          organization={dialog.organization}
          saving={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(dialog.organization.id, {
              onSuccess: (answer) => {
                onSuccess(answer.data?.message, t('organizations.deleted'));
                close();
              },
            })
          }
        />
      )}
    </>
  );
}
