import type { Person } from '@qualis/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fullName } from './row-actions';

export interface AccessCodeModalProps {
  person: Person;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirms 'Generate access code': the new code replaces the person's previous one at once. */
export function AccessCodeModal({ person, saving, onCancel, onConfirm }: AccessCodeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('people.accessCodeDialog.title')}
      okText={t('people.accessCodeDialog.confirm')}
      okButtonProps={{ loading: saving }}
      cancelText={t('common.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('people.accessCodeDialog.question', { name: fullName(person), email: person.email })}
      </Typography.Paragraph>
      <Typography.Paragraph type="warning">{t('people.accessCodeDialog.effect')}</Typography.Paragraph>
    </Modal>
  );
}
