import { Alert, Spin } from 'antd';
import { SectionTabs } from '../../components/SectionTabs';
import { useTranslation } from 'react-i18next';
import { PermissionList } from '../permissions/PermissionList';
import { useGroupSettings, useToggleGroupPermission } from './user-groups.api';

const TABS = [
  { key: '1', tab: 1, label: 'groups.permissionsDocuments' },
  { key: '2', tab: 2, label: 'groups.permissionsActions' },
  { key: '3', tab: 3, label: 'groups.permissionsTraining' },
  { key: '4', tab: 4, label: 'groups.permissionsSettings' },
] as const;

/** 'User Group Settings': four sub-tabs of permission switches; each toggle is sent at once. */
export function GroupPermissions({ organizationId, groupId }: { organizationId: string; groupId: string }) {
  const { t } = useTranslation();
  const settings = useGroupSettings(organizationId, groupId);
  const toggle = useToggleGroupPermission(organizationId, groupId);

  if (settings.isPending) return <Spin />;
  if (settings.isError) return <Alert type="error" title={t('errors.requestFailed')} />;

  return (
    <SectionTabs
      vertical
      defaultActiveKey="1"
      items={TABS.map(({ key, tab, label }) => ({
        key,
        label: t(label),
        children: (
          <PermissionList
            on={settings.data}
            tab={tab}
            editable
            tooltipStyle="admin"
            pending={toggle.isPending}
            onToggle={(type) => toggle.mutate(type)}
          />
        ),
      }))}
    />
  );
}
