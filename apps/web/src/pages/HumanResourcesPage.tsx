import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { HumanResourcesTable } from '../features/human-resources/HumanResourcesTable';

/** /organizations/{id}/human-resources: the HR records of the organization (spec 03 section 2); Admins only. */
export default function HumanResourcesPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const { success } = useSuccessToast();

  return (
    <>
      <PageHeader title={t('humanResources.breadcrumb')} />
      <Card title={t('humanResources.listTitle')}>
        <HumanResourcesTable organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
