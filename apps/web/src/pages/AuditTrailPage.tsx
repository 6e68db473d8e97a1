import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuditTrailView } from '../features/audit-trail/AuditTrailView';

/**
 * /organizations/{id}/audit-trail: the organization's audit trail, its verification and reviews
 * (Admins); /provider-audit-trail, without an organization: the provider's (the SuperAdmin's).
 */
export default function AuditTrailPage() {
  const { t } = useTranslation();
  const { organizationId } = useParams();
  return (
    <AuditTrailView
      owner={organizationId}
      title={organizationId ? t('auditTrail.title') : t('auditTrail.providerTitle')}
    />
  );
}
