import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditTrailFilters } from '@qualis/contract';
import type { SuccessToast } from '../../components/useSuccessToast';
import { useMarkReviewed, type TrailOwner } from './audit-trail.api';
import { filterLines } from './filter-lines';

export interface MarkReviewedModalProps {
  owner: TrailOwner;
  open: boolean;
  filters: AuditTrailFilters;
  /** The chain's last event when it was verified: the range ends there unless the reviewer says otherwise. */
  lastSeq: number;
  onClose: () => void;
  onSuccess: SuccessToast;
}

/** 'Mark reviewed': the current filters, up to event N, and a comment; the server records who and when. */
export function MarkReviewedModal({ owner, open, filters, lastSeq, onClose, onSuccess }: MarkReviewedModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ upToSeq: number; comment: string }>();
  const mark = useMarkReviewed(owner);

  const submit = async () => {
    const values = await form.validateFields();
    mark.mutate(
      { filters, upToSeq: values.upToSeq, comment: values.comment ?? '' },
      {
        onSuccess: (answer) => {
          onSuccess(answer.message, t('auditTrail.review.done'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('auditTrail.review.title')}
      okText={t('auditTrail.review.confirm')}
      okButtonProps={{ loading: mark.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('auditTrail.review.text')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {filterLines(filters, t).join('; ') || t('auditTrail.allEvents')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ upToSeq: lastSeq, comment: '' }}>
        <Form.Item
          name="upToSeq"
          label={t('auditTrail.review.upTo')}
          rules={[{ required: true, message: t('auditTrail.review.upToRequired') }]}
        >
          <InputNumber min={1} max={lastSeq} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="comment" label={t('auditTrail.review.comment')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
