import { AuditOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { CreateOrganizationButton } from '../features/organizations/CreateOrganizationButton';
import { OrganizationsTable } from '../features/organizations/OrganizationsTable';
import { useSuccessToast } from '../components/useSuccessToast';
import { useSessionUser } from '../features/session/useSession';

export default function OrganizationsPage() {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const isSuperAdmin = useSessionUser().role === 'SuperAdmin';
  return (
    <>
      <PageHeader
        title={t('organizations.title')}
        extra={
          // The provider's own audit trail (issue 23), the SuperAdmin's.
          isSuperAdmin && (
            <Link to="/provider-audit-trail">
              <Button icon={<AuditOutlined />}>{t('auditTrail.providerTitle')}</Button>
            </Link>
          )
        }
      />
      <Card title={t('organizations.listTitle')} extra={<CreateOrganizationButton onSuccess={toast.success} />}>
        <OrganizationsTable onSuccess={toast.success} />
      </Card>
    </>
  );
}
