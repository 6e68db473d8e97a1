import { NAME_MAX_LENGTH } from '@qualis/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useZodForm } from './zod-form';

export interface NameModalProps {
  open: boolean;
  title: string;
  okText: string;
  label: string;
  /** The contract schema of the call whose `name` this is (its other fields are the caller's). */
  schema: z.ZodType;
  initialName?: string;
  /** Editing: the button stays disabled until the name differs from `initialName`. */
  requireChange?: boolean;
  saving?: boolean;
  onCancel: () => void;
  /** Gets the trimmed name; the modal stays open when it rejects (the API client has shown the error). */
  onSubmit: (name: string) => Promise<unknown>;
}

const NAME_FIELDS = ['name'] as const;

/**
 * One name field and a confirm button: create or rename an organization, create, rename or
 * duplicate a user group, create a document type or a tag. The button is disabled while the name is invalid or, when editing, unchanged.
 */
export function NameModal(props: NameModalProps) {
  return props.open ? <NameModalBody {...props} /> : null;
}

function NameModalBody(props: NameModalProps) {
  const { title, okText, label, schema, initialName = '', requireChange, saving, onCancel, onSubmit } = props;
  const { t } = useTranslation();
  const { form, formProps, values, rules, valid, showServerErrors } = useZodForm(schema, NAME_FIELDS, undefined, {
    name: initialName,
  });
  const name = values.name ?? '';
  const unchanged = Boolean(requireChange) && name.trim() === initialName.trim();

  const submit = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked || unchanged || saving) return;
    onSubmit(String(checked.name).trim()).catch(showServerErrors);
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !valid || unchanged, loading: saving }}
      destroyOnHidden
    >
      <Form {...formProps} layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={label} name="name" required rules={rules('name')}>
          <Input autoFocus maxLength={NAME_MAX_LENGTH + 1} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
