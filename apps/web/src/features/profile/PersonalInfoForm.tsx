import { NAME_MAX_LENGTH, type SessionUser } from '@qualis/contract';
import { Button, Form, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../account/toast';
import { useUpdateName } from './profile.api';

/** First and last name: at most 100 each, both non-blank to save; an empty name is sent as null. */
export function PersonalInfoForm({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const update = useUpdateName();

  const tooLong = (name: string) => (name.trim().length > NAME_MAX_LENGTH ? t('profile.nameTooLong') : null);
  const firstError = tooLong(firstName);
  const lastError = tooLong(lastName);
  const changed = firstName.trim() !== (profile.firstName ?? '') || lastName.trim() !== (profile.lastName ?? '');
  const canSave = Boolean(firstName.trim() && lastName.trim()) && !firstError && !lastError && changed;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    update.mutate(
      { id: profile.id, firstName: firstName.trim() || null, lastName: lastName.trim() || null },
      { onSuccess: () => toastSuccess(t('profile.nameUpdated')) },
    );
  }

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} className="qualis-form" style={{ maxWidth: 480 }} noValidate>
        <Form.Item
          label={t('profile.firstName')}
          htmlFor="profile-first-name"
          validateStatus={firstError ? 'error' : undefined}
          help={firstError}
          style={{ marginBottom: 0 }}
        >
          <Input id="profile-first-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('profile.lastName')}
          htmlFor="profile-last-name"
          validateStatus={lastError ? 'error' : undefined}
          help={lastError}
          style={{ marginBottom: 0 }}
        >
          <Input id="profile-last-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </Form.Item>
        <div>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!canSave}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
