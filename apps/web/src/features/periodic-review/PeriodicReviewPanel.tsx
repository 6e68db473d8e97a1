import { CheckOutlined } from '@ant-design/icons';
import { SIGNATURE_COMMENT_MAX_LENGTH } from '@qualis/contract';
import { Alert, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../components/useSuccessToast';
import { ApiError } from '../../shared/api-client';
import { useOrganization } from '../organizations/organizations.api';
import { formatDate } from '../../shared/dates';
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
  // The organization may ask signers for their password (decision 0018); the server says so too.
  const organization = useOrganization(organizationId);
  const [asked, setAsked] = useState(false);
  const passwordAsked = asked || organization.data?.signingRequiresPassword === true;
  const { success } = useSuccessToast();
  const sign = useReviewedNoChange(organizationId, documentId);
  const [reason, setReason] = useState('');
  const [accessCode, setAccessCode] = useState('');
  const [password, setPassword] = useState('');
  const ids = { reason: useId(), code: useId(), password: useId() };
  const ready = reason.trim() !== '' && accessCode.trim() !== '' && (!passwordAsked || password !== '');
  const submit = () =>
    sign.mutate(
      { reason: reason.trim(), accessCode: accessCode.trim(), ...(passwordAsked ? { password } : {}) },
      {
        onSuccess: (answer) => {
          success(answer.message, t('periodicReview.signed'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors.some((e) => e.field === 'password')) setAsked(true);
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('periodicReview.reviewedNoChange')}
      okText={t('periodicReview.sign')}
      okButtonProps={{ loading: sign.isPending, disabled: !ready }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={submit}
      afterClose={() => {
        setReason('');
        setAccessCode('');
        setPassword('');
      }}
    >
      <Typography.Paragraph>{t('periodicReview.dialogText')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('periodicReview.reason')} htmlFor={ids.reason} required>
          <Input.TextArea
            id={ids.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={SIGNATURE_COMMENT_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
        <Form.Item label={t('documents.signing.accessCode')} htmlFor={ids.code} required>
          <Input
            id={ids.code}
            value={accessCode}
            onChange={(e) => setAccessCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        {passwordAsked && (
          <Form.Item label={t('documents.signing.password')} htmlFor={ids.password} required>
            <Input.Password
              id={ids.password}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
