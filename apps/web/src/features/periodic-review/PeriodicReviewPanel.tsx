import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatDate } from '../../shared/dates';
import { SignedReasonFields, useSignedReason } from '../documents/SignedReason';
import { usePeriodicReview, useReviewedNoChange } from './periodic-review.api';

/**
 * The document detail's periodic review line: the next review date (Overdue once it has passed)
 * and, for the responsible person, 'Reviewed, no change'. Nothing for a document without one.
 */
export function PeriodicReviewPanel({ organizationId, documentId }: { organizationId: string; documentId: string }) {
  const { t, i18n } = useTranslation();
  const review = usePeriodicReview(organizationId, documentId);
  const [open, setOpen] = useState(false);
  const data = review.data;
  if (!data?.nextReviewOn) return null;
  return (
    <>
      <Alert
        type={data.isOverdue ? 'warning' : 'info'}
        showIcon
        className="qualis-form-note"
        title={
          <Space wrap>
            <span>
              {t('periodicReview.nextReview', {
                date: formatDate(data.nextReviewOn, i18n.language),
                months: data.intervalMonths,
              })}
            </span>
            {data.isOverdue && <Tag color="orange">{t('periodicReview.overdue')}</Tag>}
          </Space>
        }
        action={
          data.canReview && (
            <Button size="small" icon={<CheckOutlined />} onClick={() => setOpen(true)}>
              {t('periodicReview.reviewedNoChange')}
            </Button>
          )
        }
        description={
          data.reviews[0] &&
          t('periodicReview.lastReview', {
            at: formatDate(data.reviews[0].signedAt, i18n.language),
            by: data.reviews[0].signerName,
            reason: data.reviews[0].reason,
          })
        }
      />
      <ReviewedNoChangeModal
        organizationId={organizationId}
        documentId={documentId}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** 'Reviewed, no change', signed with a reason and the access code (and the password where asked). */
export function ReviewedNoChangeModal({
  organizationId,
  documentId,
  open,
  onClose,
}: {
  organizationId: string;
  documentId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const sign = useReviewedNoChange(organizationId, documentId);
  const signing = useSignedReason(organizationId);
  const submit = () =>
    sign.mutate(signing.body(), {
      onSuccess: (answer) => {
        success(answer.message, t('periodicReview.signed'));
        onClose();
      },
      onError: signing.learnFrom,
    });
  return (
    <Modal
      open={open}
      title={t('periodicReview.reviewedNoChange')}
      okText={t('periodicReview.sign')}
      okButtonProps={{ loading: sign.isPending, disabled: !signing.ready }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={submit}
      afterClose={signing.reset}
    >
      <Typography.Paragraph>{t('periodicReview.dialogText')}</Typography.Paragraph>
      <SignedReasonFields signing={signing} reasonLabel={t('periodicReview.reason')} />
    </Modal>
  );
}
