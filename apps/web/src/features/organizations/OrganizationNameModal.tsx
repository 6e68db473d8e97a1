import { NAME_MAX_LENGTH } from '@qualis/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationNameProblem } from './organization-rules';

export interface OrganizationNameModalProps {
  title: string;
  okText: string;
  initialName?: string;
  saving: boolean;
  onCancel: () => void;
  /** Gets the trimmed name; the modal stays open when it rejects (the API client has shown why). */
  onSubmit: (name: string) => Promise<unknown>;
}

/**
 * 'Create Organization' and the rename dialog: one name, the server's rule (required, at most 100
 * characters); the button is disabled while the name breaks it. Render it only while open.
 */
export function OrganizationNameModal(props: OrganizationNameModalProps) {
  const { title, okText, initialName = '', saving, onCancel, onSubmit } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const problem = organizationNameProblem(name);
  const shown = touched && problem ? t(`organizations.${problem}`) : undefined;

  const submit = () => {
    setTouched(true);
    if (problem || saving) return;
    onSubmit(name.trim()).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ disabled: problem !== null, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('organizations.nameLabel')}
          htmlFor="organization-name"
          required
          validateStatus={shown ? 'error' : undefined}
          help={shown}
        >
          <Input
            id="organization-name"
            autoFocus
            value={name}
            placeholder={t('organizations.namePlaceholder')}
            maxLength={NAME_MAX_LENGTH + 1}
            showCount={{ formatter: ({ count }) => `${count} / ${NAME_MAX_LENGTH}` }}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
