import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { OrganizationCards } from '../features/organizations/OrganizationCards';

export default function UserOrganizationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('userOrganizations.title')} />
      <OrganizationCards />
    </>
  );
}
