import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';

/** The edit forms (personal info, e-mail, password) arrive with their API; this is the route's frame. */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumb items={[{ title: <Link to="/profile">{t('profile.title')}</Link> }, { title: t('profile.edit') }]} />
      <PageHeader title={t('profile.edit')} />
    </>
  );
}
