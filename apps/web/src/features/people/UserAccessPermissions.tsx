import { ArrowLeftOutlined } from '@ant-design/icons';
import { MEMBERSHIP_RESTRICTIONS, type UserAccessSettings } from '@qualis/contract';
import { Alert, Card, Descriptions, Select, Space, Spin, Typography } from 'antd';
import { SectionTabs } from '../../components/SectionTabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PermissionList } from '../permissions/PermissionList';
import { useAccessFlags } from '../access/access.api';
import { useSuccessToast } from '../../components/useSuccessToast';
import { serverMessage, useSetRestriction, useUserAccessSettings } from './people.api';
import { fullName } from './row-actions';
import './people.css';

const PERMISSION_TABS = [
  { key: 'documents', tab: 1 },
  { key: 'actions', tab: 2 },
  { key: 'trainingRecords', tab: 3 },
  { key: 'organizationSettings', tab: 4 },
] as const;

/**
 * A person's read-only 'Access Permissions' page (spec 02 section 2): who they are, their groups,
 * and the combined permissions of those groups as disabled switches.
 */
export function UserAccessPermissions({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation();
  const viewer = useAccessFlags(organizationId).flags;
  const settings = useUserAccessSettings(organizationId, userId);
  const isUserViewer = viewer.role === 'User';
  // An Admin's page is opened from the SuperAdmin's Admins list.
  const list = settings.data?.user.role === 'Admin' ? 'admins' : 'users';
  const backTo = isUserViewer ? '/profile' : `/organizations/${organizationId}/${list}`;

  return (
    <>
      <Link to={backTo} className="qualis-back-link">
        <Space size={6}>
          <ArrowLeftOutlined />
          {t('people.access.back')}
        </Space>
      </Link>
      <PageHeader title={t('people.access.title')} />
      <Card>
        {settings.isPending ? (
          <Spin />
        ) : settings.isError ? (
          <Alert type="error" title={settings.error.message} />
        ) : (
          <SectionTabs
            vertical
            defaultActiveKey="access"
            items={[
              {
                key: 'access',
                label: t('people.access.tabs.access'),
                children: (
                  <Summary
                    data={settings.data}
                    organizationId={organizationId}
                    userId={userId}
                    linkGroups={!isUserViewer}
                  />
                ),
              },
              ...PERMISSION_TABS.map(({ key, tab }) => ({
                key,
                label: t(`people.access.tabs.${key}`),
                children: (
                  <PermissionList
                    on={settings.data.settings.filter((s) => s.isSwitchedOn).map((s) => s.type)}
                    tab={tab}
                    editable={false}
                    tooltipStyle={isUserViewer ? 'user' : 'admin'}
                  />
                ),
              })),
            ]}
          />
        )}
      </Card>
    </>
  );
}

function Summary(props: { data: UserAccessSettings; organizationId: string; userId: string; linkGroups: boolean }) {
  const { data, organizationId, userId, linkGroups } = props;
  const { t } = useTranslation();
  const { user, userGroups } = data;
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      items={[
        { key: 'name', label: t('people.access.name'), children: fullName(user) },
        { key: 'email', label: t('people.access.email'), children: user.email },
        { key: 'role', label: t('people.access.role'), children: t(`roles.${user.role}`) },
        {
          key: 'restriction',
          label: t('people.access.restriction'),
          children: user.canChangeRestriction ? (
            <RestrictionSelect organizationId={organizationId} userId={userId} value={user.restriction} />
          ) : (
            t(`people.access.restrictions.${user.restriction}`)
          ),
        },
        {
          key: 'groups',
          label: t('people.access.groups'),
          children:
            userGroups.length === 0 ? (
              <Typography.Text type="secondary">{t('people.access.noGroups')}</Typography.Text>
            ) : (
              <ul className="qualis-plain-list" aria-label={t('people.access.groups')}>
                {userGroups.map((g) => (
                  <li key={g.id}>
                    {linkGroups ? (
                      <Link to={`/organizations/${organizationId}/user-groups/${g.id}`} state={{ groupName: g.name }}>
                        {g.name}
                      </Link>
                    ) : (
                      g.name
                    )}
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

/**
 * The membership's restriction (spec 03 section 6), for those the server lets change it
 * (`canChangeRestriction`); the change applies at the person's next request.
 */
function RestrictionSelect(props: {
  organizationId: string;
  userId: string;
  value: UserAccessSettings['user']['restriction'];
}) {
  const { organizationId, userId, value } = props;
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const change = useSetRestriction(organizationId, userId);
  return (
    <Select
      aria-label={t('people.access.restriction')}
      value={value}
      loading={change.isPending}
      disabled={change.isPending}
      style={{ width: '100%', maxWidth: 320 }}
      onChange={(restriction) =>
        change.mutate(restriction, {
          onSuccess: (answer) => success(serverMessage(answer), t('people.access.restrictionChanged')),
        })
      }
      options={MEMBERSHIP_RESTRICTIONS.map((r) => ({ value: r, label: t(`people.access.restrictions.${r}`) }))}
    />
  );
}
