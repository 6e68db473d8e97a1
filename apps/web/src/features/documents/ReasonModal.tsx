import { Form, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  text: string;
  okText: string;
  danger?: boolean;
  /** Whether the step needs a reason (an irreversible one: its audit event keeps it). */
  reasonRequired: boolean;
  /** Whether the reason field is offered at all when not required. */
  reasonOffered?: boolean;
  reasonHelp?: string;
  maxLength: number;
  loading: boolean;
  /** The reason as typed and trimmed; null when none is given. */
  onOk: (reason: string | null) => void;
  onCancel: () => void;
}

/**
 * The confirmation of a step that cannot be taken back (Set as Final, deleting a final document
 * or revision): what it does, and the reason the audit trail keeps. OK stays disabled while a
 * required reason is blank.
 */
export function ReasonModal(props: ReasonModalProps) {
  const { open, title, text, okText, danger = false, reasonRequired, reasonOffered = reasonRequired } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = reason.trim();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: props.loading, disabled: reasonRequired && trimmed === '' }}
      cancelText={t('common.cancel')}
      onCancel={props.onCancel}
      onOk={() => props.onOk(trimmed === '' ? null : trimmed)}
      afterClose={() => setReason('')}
    >
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {(reasonRequired || reasonOffered) && (
        <Form layout="vertical">
          <Form.Item label={t('documents.reason')} htmlFor={id} required={reasonRequired} extra={props.reasonHelp}>
            <Input.TextArea
              id={id}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={props.maxLength}
              autoSize={{ minRows: 2, maxRows: 6 }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
