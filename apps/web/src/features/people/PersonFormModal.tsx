import { NAME_MAX_LENGTH, ZCreatePersonRequest, type Person } from '@qualis/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../components/zod-form';
import { anyBlank, cleanPerson, PERSON_FIELDS, type PersonField, type PersonValues } from './person-form';
import type { PeopleKind } from './people.api';

export interface PersonFormModalProps {
  kind: PeopleKind;
  /** Absent: 'Create Admin' / 'Create User'; present: 'Edit'. */
  person?: Person;
  saving: boolean;
  onCancel: () => void;
  /** Gets the values as typed; the modal stays open when it rejects (the API client has shown why). */
  onSubmit: (values: PersonValues) => Promise<unknown>;
}

const NAMES_ONLY = PERSON_FIELDS.filter((f) => f !== 'email');

/**
 * First name, last name and e-mail (spec 02 section 5), checked by the server's schema
 * (ZCreatePersonRequest). Create: all required, names at most 100, a valid e-mail, checked on
 * submit. Edit: 'Save' is disabled while a field is blank after trimming, and the e-mail can be
 * changed only when the current one is confirmed. A server error about a field shows under it.
 */
export function PersonFormModal({ kind, person, saving, onCancel, onSubmit }: PersonFormModalProps) {
  const { t } = useTranslation();
  const editing = person !== undefined;
  const emailEditable = !editing || person.emailConfirmed;
  const checked = emailEditable ? PERSON_FIELDS : NAMES_ONLY;
  const initial: PersonValues = {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    email: person?.email ?? '',
  };
  const zod = useZodForm(ZCreatePersonRequest, checked, undefined, initial);
  const { form, formProps, rules, showServerErrors } = zod;
  const values = { ...initial, ...zod.values };
  const noun = kind === 'admins' ? 'admin' : 'user';
  // Edit saves only a change: Save stays disabled until a field differs from what it was.
  const cleaned = cleanPerson(values);
  const unchanged = editing && PERSON_FIELDS.every((f) => cleaned[f] === cleanPerson(initial)[f]);
  const saveDisabled = editing && (anyBlank(values) || unchanged);

  const submit = async () => {
    const ok = await form.validateFields([...checked]).then(
      () => true,
      () => false,
    );
    if (!ok || saving || saveDisabled) return;
    onSubmit(values).catch(showServerErrors);
  };

  const field = (name: PersonField, type: 'text' | 'email' = 'text') => (
    <Form.Item
      label={t(`people.form.${name}`)}
      name={name}
      required
      rules={checked.includes(name) ? rules(name) : undefined}
      validateTrigger={[]}
    >
      <Input
        type={type}
        autoFocus={name === 'firstName'}
        disabled={name === 'email' && !emailEditable}
        maxLength={name === 'email' ? undefined : NAME_MAX_LENGTH + 1}
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={editing ? t(`people.${noun}.editTitle`) : t(`people.${noun}.createTitle`)}
      okText={editing ? t('common.save') : t('people.form.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      okButtonProps={{ disabled: saveDisabled, loading: saving }}
      destroyOnHidden
    >
      <Form {...formProps} layout="vertical" onFinish={() => void submit()}>
        {field('firstName')}
        {field('lastName')}
        {field('email', 'email')}
        {editing && !emailEditable && (
          <Typography.Text type="secondary">{t('people.form.emailLocked')}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
