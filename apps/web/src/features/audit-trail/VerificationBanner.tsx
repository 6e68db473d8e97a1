import type { AuditTrailVerification } from '@qualis/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates';

/**
 * The chain's verification as one line: '1,120 events, chain intact, verified ...' in green, or
 * where it breaks in red; with a button to verify again.
 */
export function VerificationBanner({
  verification,
  failed,
  loading,
  onVerify,
}: {
  verification: AuditTrailVerification | undefined;
  failed: boolean;
  loading: boolean;
  onVerify: () => void;
}) {
  const { t, i18n } = useTranslation();
  const action = (
    <Button size="small" loading={loading} onClick={onVerify}>
      {t('auditTrail.verification.again')}
    </Button>
  );
  if (failed) return <Alert type="warning" showIcon title={t('auditTrail.verification.failed')} action={action} />;
  if (!verification) return <Alert type="info" showIcon title={t('auditTrail.verification.running')} />;
  const at = formatDateTime(verification.verifiedAt, i18n.language, 'UTC');
  const count = new Intl.NumberFormat(i18n.language).format(verification.count);
  const seal = verification.seal;
  const message = !verification.intact
    ? t('auditTrail.verification.broken', { count, seq: verification.brokenAtSeq, at })
    : seal
      ? t('auditTrail.verification.intactSealed', {
          count,
          seq: seal.lastSeq,
          sealedAt: formatDateTime(seal.sealedAt, i18n.language, 'UTC'),
          at,
        })
      : t('auditTrail.verification.intact', { count, at });
  return (
    <Alert
      role="status"
      type={verification.intact ? 'success' : 'error'}
      showIcon
      title={message}
      action={action}
      data-testid="audit-verification"
    />
  );
}
