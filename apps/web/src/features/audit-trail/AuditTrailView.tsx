import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useSuccessToast } from '../../components/useSuccessToast';
import { AuditReviews } from './AuditReviews';
import { AuditTrailTable } from './AuditTrailTable';
import { useAuditTrailVerification, type TrailOwner } from './audit-trail.api';
import { VerificationBanner } from './VerificationBanner';

/** The audit trail page of an organization (its id) or of the provider (undefined). */
export function AuditTrailView({ owner, title }: { owner: TrailOwner; title: string }) {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const verification = useAuditTrailVerification(owner);
  return (
    <>
      <PageHeader title={title} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <VerificationBanner
          verification={verification.data}
          failed={verification.isError}
          loading={verification.isFetching}
          onVerify={() => void verification.refetch()}
        />
        <Card title={t('auditTrail.listTitle')}>
          <AuditTrailTable owner={owner} lastSeq={verification.data?.count ?? 0} onSuccess={success} />
        </Card>
        <Card title={t('auditTrail.reviews.title')}>
          <AuditReviews owner={owner} />
        </Card>
      </Space>
    </>
  );
}
