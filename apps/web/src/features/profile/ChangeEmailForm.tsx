import type { SessionUser } from '@qualis/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../account/toast';
import { useChangeEmail } from './profile.api';

/** A new e-mail (non-empty); the confirmation link goes to the new mailbox and the old one signs in until then. */
export function ChangeEmailForm({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const change = useChangeEmail();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    change.mutate(
      { id: profile.id, email: email.trim() },
      {
        onSuccess: () => {
          setEmail('');
          toastSuccess(t('profile.confirmationSent'));
        },
      },
    );
  }

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} className="qualis-form" style={{ maxWidth: 480 }} noValidate>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('profile.currentEmail', { email: profile.email })}
          {profile.newEmail && <> {t('profile.pendingEmail', { email: profile.newEmail })}</>}
        </Typography.Paragraph>
        <Form.Item label={t('profile.newEmail')} htmlFor="profile-new-email" style={{ marginBottom: 0 }}>
          <Input
            id="profile-new-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Item>
        <div>
          <Button type="primary" htmlType="submit" loading={change.isPending} disabled={!email.trim()}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
