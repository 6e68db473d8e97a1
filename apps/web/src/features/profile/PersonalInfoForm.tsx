import { ZUpdateAccountRequest, type SessionUser } from '@qualis/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../components/zod-form';
import { toastSuccess } from '../account/toast';
import { useUpdateName } from './profile.api';

const NAME_FIELDS = ['firstName', 'lastName'] as const;

/** First and last name: at most 100 each, both non-blank to save (the server's ZUpdateAccountRequest). */
export function PersonalInfoForm({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const { formProps, values, rules, valid, showServerErrors } = useZodForm(
    ZUpdateAccountRequest,
    NAME_FIELDS,
    undefined,
    {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
    },
  );
  const firstName = values.firstName ?? '';
  const lastName = values.lastName ?? '';
  const update = useUpdateName();

  const changed = firstName.trim() !== (profile.firstName ?? '') || lastName.trim() !== (profile.lastName ?? '');
  const canSave = valid && changed;

  function submit() {
    if (!canSave) return;
    update.mutate(
      { id: profile.id, firstName: firstName.trim() || null, lastName: lastName.trim() || null },
      { onSuccess: () => toastSuccess(t('profile.nameUpdated')), onError: showServerErrors },
    );
  }

  return (
    <Form {...formProps} layout="vertical" className="qualis-form" style={{ maxWidth: 480 }} onFinish={submit}>
      <Form.Item label={t('profile.firstName')} name="firstName" rules={rules('firstName')} style={{ marginBottom: 0 }}>
        <Input />
      </Form.Item>
      <Form.Item label={t('profile.lastName')} name="lastName" rules={rules('lastName')} style={{ marginBottom: 0 }}>
        <Input />
      </Form.Item>
      <div>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!canSave}>
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
