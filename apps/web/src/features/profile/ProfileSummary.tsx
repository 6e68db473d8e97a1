import { EditOutlined } from '@ant-design/icons';
import type { SessionUser } from '@qualis/contract';
import { Alert, Button, Card, Descriptions, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fullName, UserAvatar } from '../../components/UserAvatar';
import { toastSuccess } from '../account/toast';
import { useResendConfirmation, useToggleEmailNotifications } from './profile.api';

/** Read-only profile; the SuperAdmin has no name, picture or notifications (spec 01 section 2), only the e-mail. */
export function ProfileSummary({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resend = useResendConfirmation();
  const notifications = useToggleEmailNotifications();
  const isSuperAdmin = profile.role === 'SuperAdmin';
  const edit = (
    <Button icon={<EditOutlined />} onClick={() => void navigate('/profile/edit')}>
      {t('profile.editProfile')}
    </Button>
  );

  const resendLink = () =>
    resend.mutate(profile.newEmail ?? profile.email, {
      onSuccess: (response) => toastSuccess(response.data.message || t('profile.confirmationSent')),
    });

  return (
    <Card>
      {profile.newEmail && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 20 }}
          title={t('profile.emailNotConfirmed')}
          description={t('profile.emailPending', { email: profile.newEmail })}
          action={
            <Button size="small" loading={resend.isPending} onClick={resendLink}>
              {t('profile.resendLink')}
            </Button>
          }
        />
      )}
      <div className="qualis-profile">
        {!isSuperAdmin && <UserAvatar person={profile} size={96} />}
        <div className="qualis-profile__body">
          <div className="qualis-profile__heading">
            <Typography.Title level={3}>
              {isSuperAdmin ? t('roles.SuperAdmin') : fullName(profile) || profile.email}
            </Typography.Title>
            {edit}
          </div>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'email', label: t('profile.email'), children: profile.email },
              ...(isSuperAdmin
                ? []
                : [
                    { key: 'role', label: t('profile.role'), children: t(`roles.${profile.role}`) },
                    {
                      key: 'notifications',
                      label: t('profile.emailNotifications'),
                      children: (
                        <Space wrap>
                          <Switch
                            checked={profile.emailNotificationState}
                            loading={notifications.isPending}
                            aria-label={t('profile.emailNotifications')}
                            onChange={(checked) => notifications.mutate(checked)}
                          />
                          <Typography.Text type="secondary">{t('profile.emailNotificationsHint')}</Typography.Text>
                        </Space>
                      ),
                    },
                  ]),
            ]}
          />
        </div>
      </div>
    </Card>
  );
}
