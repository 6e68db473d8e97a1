import type { Organization } from '@qualis/contract';
import { Alert, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteOrganizationModalProps {
  organization: Organization;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Permanent deletion: 'Delete' stays disabled until 'I acknowledge' is ticked. */
export function DeleteOrganizationModal({ organization, saving, onCancel, onConfirm }: DeleteOrganizationModalProps) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <Modal
      open
      title={t('organizations.deleteModal.title')}
      okText={t('organizations.deleteModal.delete')}
      okButtonProps={{ danger: true, disabled: !acknowledged, loading: saving }}
      cancelText={t('common.cancel')}
      onOk={() => acknowledged && onConfirm()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('organizations.deleteModal.question', { name: organization.name })}
      </Typography.Paragraph>
      <Alert type="error" showIcon title={t('organizations.deleteModal.warning')} style={{ marginBottom: 16 }} />
      <Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)}>
        {t('organizations.deleteModal.acknowledge')}
      </Checkbox>
    </Modal>
  );
}
