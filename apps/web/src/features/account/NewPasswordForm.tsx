import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useZodForm } from '../../components/zod-form';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
  oldPassword?: string;
}

export interface NewPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  /** The contract schema of the call (reset, set or change password). */
  schema: z.ZodType;
  /** Values of the call the form does not show (the link's e-mail and token). */
  context?: object;
  /** The new password's label: 'New password' unless given (the set-password page says 'Password'). */
  passwordLabel?: string;
  /** Shows the current password above the new one (the change form), with this label. */
  currentPasswordLabel?: string;
  /** A rejection with a field error of the server shows under that field. */
  onSubmit: (values: NewPasswordValues) => Promise<unknown> | void;
}

const NEW_FIELDS = ['password', 'confirmPassword'] as const;
const CHANGE_FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;

/**
 * New password and its confirmation, with the policy messages of spec 01 section 5 (the
 * contract's) under the fields. The button is enabled when every field is filled and nothing
 * breaks the policy.
 */
export function NewPasswordForm({
  submitLabel,
  pending,
  schema,
  context,
  passwordLabel,
  currentPasswordLabel,
  onSubmit,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const fields = currentPasswordLabel ? CHANGE_FIELDS : NEW_FIELDS;
  const { formProps, rules, valid, showServerErrors } = useZodForm(schema, fields, context);

  function submit(values: NewPasswordValues) {
    if (valid) Promise.resolve(onSubmit(values)).catch(showServerErrors);
  }

  return (
    <Form {...formProps} layout="vertical" className="qualis-form" onFinish={submit}>
      {currentPasswordLabel && (
        <Form.Item
          label={currentPasswordLabel}
          name="oldPassword"
          rules={rules('oldPassword')}
          style={{ marginBottom: 0 }}
        >
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        label={passwordLabel ?? t('account.newPassword')}
        name="password"
        rules={rules('password')}
        style={{ marginBottom: 0 }}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('account.confirmPassword')}
        name="confirmPassword"
        dependencies={['password']}
        rules={rules('confirmPassword')}
        style={{ marginBottom: 0 }}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={!valid}>
        {submitLabel}
      </Button>
    </Form>
  );
}
