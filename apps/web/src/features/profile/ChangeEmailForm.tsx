import { ZEmailRequest, type SessionUser } from '@qualis/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../components/zod-form';
import { toastSuccess } from '../account/toast';
import { useChangeEmail } from './profile.api';

const EMAIL_FIELDS = ['email'] as const;

/** A new e-mail (the server's rule); the confirmation link goes to the new mailbox and the old one signs in until then. */
export function ChangeEmailForm({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const { form, formProps, rules, valid, showServerErrors } = useZodForm(ZEmailRequest, EMAIL_FIELDS, undefined, {
    email: '',
  });
  const change = useChangeEmail();

  function submit({ email }: { email: string }) {
    change.mutate(
      { id: profile.id, email: email.trim() },
      {
        onSuccess: () => {
          form.resetFields();
          formProps.onValuesChange(null, { email: '' });
          toastSuccess(t('profile.confirmationSent'));
        },
        onError: showServerErrors,
      },
    );
  }

  return (
    <Form {...formProps} layout="vertical" className="qualis-form" style={{ maxWidth: 480 }} onFinish={submit}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('profile.currentEmail', { email: profile.email })}
        {profile.newEmail && <> {t('profile.pendingEmail', { email: profile.newEmail })}</>}
      </Typography.Paragraph>
      <Form.Item label={t('profile.newEmail')} name="email" rules={rules('email')} style={{ marginBottom: 0 }}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <div>
        <Button type="primary" htmlType="submit" loading={change.isPending} disabled={!valid}>
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
