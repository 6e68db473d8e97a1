import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Divider } from 'antd';
import { SectionTabs } from '../components/SectionTabs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { AvatarEditor } from '../features/profile/AvatarEditor';
import { ChangeEmailForm } from '../features/profile/ChangeEmailForm';
import { ChangePasswordForm } from '../features/profile/ChangePasswordForm';
import { PersonalInfoForm } from '../features/profile/PersonalInfoForm';
import { useProfile } from '../features/profile/profile.api';

/** Tabs 1 'Change personal info' (not for the SuperAdmin), 2 'Change E-mail', 3 'Change Password'. */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const user = profile.data;
  const isSuperAdmin = user?.role === 'SuperAdmin';

  return (
    <>
      <Breadcrumb items={[{ title: <Link to="/profile">{t('profile.title')}</Link> }, { title: t('profile.edit') }]} />
      <PageHeader
        title={
          <>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('profile.backToProfile')}
              onClick={() => void navigate('/profile')}
            />{' '}
            {t('profile.edit')}
          </>
        }
      />
      {!user ? (
        profile.isPending && <PageSpinner />
      ) : (
        <Card>
          <SectionTabs
            defaultActiveKey={isSuperAdmin ? '2' : '1'}
            items={[
              ...(isSuperAdmin
                ? []
                : [
                    {
                      key: '1',
                      label: t('profile.tabPersonal'),
                      children: (
                        <>
                          <AvatarEditor profile={user} />
                          <Divider />
                          <PersonalInfoForm profile={user} />
                        </>
                      ),
                    },
                  ]),
              { key: '2', label: t('profile.tabEmail'), children: <ChangeEmailForm profile={user} /> },
              { key: '3', label: t('profile.tabPassword'), children: <ChangePasswordForm /> },
            ]}
          />
        </Card>
      )}
    </>
  );
}
