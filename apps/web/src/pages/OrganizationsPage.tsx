import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { OrganizationsTable } from '../features/organizations/OrganizationsTable';

export default function OrganizationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('organizations.title')} />
      <Card title={t('organizations.listTitle')}>
        <OrganizationsTable />
      </Card>
    </>
  );
}
