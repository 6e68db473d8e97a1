import type { GroupUser } from '@qualis/contract';
import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RemoveGroupUserModalProps {
  user: GroupUser;
  removing: boolean;
  onCancel: () => void;
  /** `trainingIds`: the group's not-yet-passed trainings to unassign (none until training records exist). */
  onRemove: (trainingIds: string[]) => void;
}

/** Removing a person from a group: 'I acknowledge' must be ticked (spec 02 section 4). */
export function RemoveGroupUserModal({ user, removing, onCancel, onRemove }: RemoveGroupUserModalProps) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <Modal
      open
      title={t('groups.removeUserTitle')}
      okText={t('groups.remove')}
      okButtonProps={{ danger: true, disabled: !acknowledged, loading: removing }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => onRemove([])}
    >
      <Typography.Paragraph>{t('groups.removeUserText', { name })}</Typography.Paragraph>
      <Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)}>
        {t('groups.acknowledge')}
      </Checkbox>
    </Modal>
  );
}
