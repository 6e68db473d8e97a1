import { EditOutlined } from '@ant-design/icons';
import type { SessionUser } from '@qualis/contract';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fullName, UserAvatar } from '../../components/UserAvatar';

/** Read-only profile; the SuperAdmin has no name or picture (spec 01 section 2), only the e-mail. */
export function ProfileSummary({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSuperAdmin = profile.role === 'SuperAdmin';
  const edit = (
    <Button icon={<EditOutlined />} onClick={() => void navigate('/profile/edit')}>
      {t('profile.editProfile')}
    </Button>
  );

  return (
    <Card>
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
                : [{ key: 'role', label: t('profile.role'), children: t(`roles.${profile.role}`) }]),
            ]}
          />
        </div>
      </div>
    </Card>
  );
}
