import type { Person } from '@qualis/contract';
import { Checkbox, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChooseOrganizationsModalProps {
  title: string;
  intro: string;
  okText: string;
  danger?: boolean;
  person: Person;
  /** Organizations that cannot be chosen (e.g. already in the wanted status, or still active for a deletion). */
  isDisabled: (status: Person['organizationUserStatuses'][number]) => boolean;
  /** Checked when the dialog opens. */
  initial: string[];
  saving: boolean;
  onCancel: () => void;
  /** Gets the chosen organization ids; the dialog stays open when it rejects. */
  onConfirm: (organizationIds: string[]) => Promise<unknown>;
}

/**
 * The person's organizations among those the actor manages (organizationUserStatuses), to choose
 * where a status change or a deletion applies; the button is disabled until one is chosen.
 */
export function ChooseOrganizationsModal(props: ChooseOrganizationsModalProps) {
  const { title, intro, okText, danger, person, isDisabled, initial, saving, onCancel, onConfirm } = props;
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(initial);

  const confirm = () => {
    if (chosen.length === 0 || saving) return;
    onConfirm(chosen).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={confirm}
      onCancel={onCancel}
      okButtonProps={{ disabled: chosen.length === 0, loading: saving, danger }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{intro}</Typography.Paragraph>
        <Checkbox.Group value={chosen} onChange={(ids) => setChosen(ids)} style={{ width: '100%' }}>
          <Space orientation="vertical">
            {person.organizationUserStatuses.map((o) => (
              <Checkbox key={o.organizationId} value={o.organizationId} disabled={isDisabled(o)}>
                {o.organizationName}{' '}
                <Tag color={o.userStatus === 'Active' ? 'green' : 'default'}>{t(`people.status.${o.userStatus}`)}</Tag>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Space>
    </Modal>
  );
}
