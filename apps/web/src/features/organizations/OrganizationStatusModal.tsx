import type { Organization } from '@qualis/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface OrganizationStatusModalProps {
  organization: Organization;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirms Active ↔ Inactive and says what it means for the organization's Admins and Users. */
export function OrganizationStatusModal({ organization, saving, onCancel, onConfirm }: OrganizationStatusModalProps) {
  const { t } = useTranslation();
  const deactivating = organization.status === 'Active';
  const key = deactivating ? 'deactivate' : 'activate';
  return (
    <Modal
      open
      title={t(`organizations.statusModal.${key}Title`)}
      okText={t(`organizations.statusModal.${key}`)}
      okButtonProps={{ danger: deactivating, loading: saving }}
      cancelText={t('common.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t(`organizations.statusModal.${key}Question`, { name: organization.name })}
      </Typography.Paragraph>
      <Typography.Paragraph type={deactivating ? 'warning' : 'secondary'}>
        {t(`organizations.statusModal.${key}Effect`)}
      </Typography.Paragraph>
    </Modal>
  );
}
