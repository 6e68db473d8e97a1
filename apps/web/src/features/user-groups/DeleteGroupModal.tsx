import type { UserGroup } from '@qualis/contract';
import { Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllUserGroups, type DeleteGroupInput } from './user-groups.api';

export interface DeleteGroupModalProps {
  organizationId: string;
  group: UserGroup;
  deleting: boolean;
  onCancel: () => void;
  onDelete: (input: DeleteGroupInput) => void;
}

/** Deleting a group that has users: 'I acknowledge', and optionally a group that takes its users over. */
export function DeleteGroupModal({ organizationId, group, deleting, onCancel, onDelete }: DeleteGroupModalProps) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  const [receiver, setReceiver] = useState<string>();
  const groups = useAllUserGroups(organizationId, true);
  const options = (groups.data?.data ?? [])
    .filter((g) => g.id !== group.id)
    .map((g) => ({ value: g.id, label: g.name }));

  return (
    <Modal
      open
      title={t('groups.deleteTitle')}
      okText={t('groups.delete')}
      okButtonProps={{ danger: true, disabled: !acknowledged, loading: deleting }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => onDelete({ groupId: group.id, groupReceiverId: receiver, acknowledge: true })}
    >
      <Typography.Paragraph>
        {t('groups.deleteWithUsers', { name: group.name, users: group.userCount })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('groups.receiverGroup')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('groups.receiverPlaceholder')}
            options={options}
            value={receiver}
            onChange={setReceiver}
            loading={groups.isFetching}
            aria-label={t('groups.receiverGroup')}
          />
        </Form.Item>
        <Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)}>
          {t('groups.acknowledge')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
