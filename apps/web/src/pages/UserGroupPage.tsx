import { Breadcrumb, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { GroupPermissions } from '../features/user-groups/GroupPermissions';
import { GroupUsersTable } from '../features/user-groups/GroupUsersTable';

/** /organizations/{id}/user-groups/{groupId}: 'List of Users' and 'User Group Settings'. */
export default function UserGroupPage() {
  const { t } = useTranslation();
  const { organizationId = '', groupId = '' } = useParams();
  const location = useLocation();
  // The list passes the name along so the heading shows at once; the server's answer confirms it.
  const [groupName, setGroupName] = useState<string | undefined>(
    (location.state as { groupName?: string } | null)?.groupName,
  );
  const { success } = useSuccessToast();

  return (
    <>
      <Breadcrumb
        items={[
          { title: <Link to={`/organizations/${organizationId}/user-groups`}>{t('groups.breadcrumb')}</Link> },
          { title: groupName ?? '' },
        ]}
      />
      <PageHeader title={groupName ?? ''} />
      <Card>
        <Tabs
          defaultActiveKey="users"
          items={[
            {
              key: 'users',
              label: t('groups.usersTab'),
              children: (
                <GroupUsersTable
                  organizationId={organizationId}
                  groupId={groupId}
                  onSuccess={success}
                  onGroupName={setGroupName}
                />
              ),
            },
            {
              key: 'settings',
              label: t('groups.settingsTab'),
              children: <GroupPermissions organizationId={organizationId} groupId={groupId} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
