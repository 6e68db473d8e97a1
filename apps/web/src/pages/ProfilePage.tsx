import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { ProfileSummary } from '../features/profile/ProfileSummary';
import { useProfile } from '../features/profile/profile.api';

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('profile.title')} />
      {profile.data ? <ProfileSummary profile={profile.data} /> : profile.isPending && <PageSpinner />}
    </>
  );
}
