import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { CreateOrganizationButton } from '../features/organizations/CreateOrganizationButton';
import { OrganizationsTable } from '../features/organizations/OrganizationsTable';
import { useSuccessToast } from '../components/useSuccessToast';

export default function OrganizationsPage() {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  return (
    <>
      <PageHeader title={t('organizations.title')} />
      <Card title={t('organizations.listTitle')} extra={<CreateOrganizationButton onSuccess={toast.success} />}>
        <OrganizationsTable onSuccess={toast.success} />
      </Card>
    </>
  );
}
