import { NAME_MAX_LENGTH } from '@qualis/contract';
import { Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NameModalProps {
  open: boolean;
  title: string;
  okText: string;
  label: string;
  initialName?: string;
  /** Editing: the button stays disabled until the name differs from `initialName`. */
  requireChange?: boolean;
  saving?: boolean;
  onCancel: () => void;
  /** Gets the trimmed name; the modal stays open when it rejects (the API client has shown the error). */
  onSubmit: (name: string) => Promise<unknown>;
}

/** The server's rule for names (contract `requiredText`): trimmed, required, at most 100 characters. */
export function nameError(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * One name field and a confirm button: create or rename an organization, create, rename or
 * duplicate a user group, create a document type or a tag. The button is disabled while the name is invalid or, when editing, unchanged.
 */
export function NameModal(props: NameModalProps) {
  return props.open ? <NameModalBody {...props} /> : null;
}

function NameModalBody(props: NameModalProps) {
  const { title, okText, label, initialName = '', requireChange, saving, onCancel, onSubmit } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const error = nameError(name);
  const unchanged = Boolean(requireChange) && name.trim() === initialName.trim();
  const message =
    error === 'required' ? t('common.fieldRequired') : error === 'tooLong' ? t('common.nameTooLong') : null;

  const submit = () => {
    setTouched(true);
    if (error || unchanged || saving) return;
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
      okButtonProps={{ disabled: error !== null || unchanged, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={label}
          htmlFor={inputId}
          required
          validateStatus={touched && message ? 'error' : undefined}
          help={touched && message ? message : undefined}
        >
          <Input
            id={inputId}
            autoFocus
            value={name}
            maxLength={NAME_MAX_LENGTH + 1}
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
