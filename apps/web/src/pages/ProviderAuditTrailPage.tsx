import { useTranslation } from 'react-i18next';
import { AuditTrailView } from '../features/audit-trail/AuditTrailView';

/** /provider-audit-trail: the provider's audit trail (events outside any organization); the SuperAdmin's. */
export default function ProviderAuditTrailPage() {
  const { t } = useTranslation();
  return <AuditTrailView owner={undefined} title={t('auditTrail.providerTitle')} />;
}
