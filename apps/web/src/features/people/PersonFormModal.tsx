import type { Person } from '@qualis/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  anyBlank,
  NAME_MAX_LENGTH,
  personErrors,
  PERSON_FIELDS,
  type PersonField,
  type PersonValues,
} from './person-form';
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

/**
 * First name, last name and e-mail (spec 02 section 5). Create: all required, names at most 100,
 * a valid e-mail, checked on submit. Edit: 'Save' is disabled while a field is blank after trimming,
 * and the e-mail can be changed only when the current one is confirmed.
 */
export function PersonFormModal({ kind, person, saving, onCancel, onSubmit }: PersonFormModalProps) {
  const { t } = useTranslation();
  const editing = person !== undefined;
  const emailEditable = !editing || person.emailConfirmed;
  const [values, setValues] = useState<PersonValues>({
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    email: person?.email ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const checked = emailEditable ? PERSON_FIELDS : PERSON_FIELDS.filter((f) => f !== 'email');
  const errors = personErrors(values, checked);
  const shown = submitted ? errors : {};
  const noun = kind === 'admins' ? 'admin' : 'user';

  const submit = () => {
    setSubmitted(true);
    if (saving || Object.keys(errors).length > 0 || (editing && anyBlank(values))) return;
    onSubmit(values).catch(() => undefined);
  };

  const field = (name: PersonField, type: 'text' | 'email' = 'text') => {
    const id = `person-${name}`;
    const error = shown[name];
    return (
      <Form.Item
        label={t(`people.form.${name}`)}
        htmlFor={id}
        required
        validateStatus={error ? 'error' : undefined}
        help={error ? t(`people.form.errors.${error}`) : undefined}
      >
        <Input
          id={id}
          type={type}
          autoFocus={name === 'firstName'}
          value={values[name]}
          disabled={name === 'email' && !emailEditable}
          maxLength={name === 'email' ? undefined : NAME_MAX_LENGTH + 1}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
          onPressEnter={submit}
        />
      </Form.Item>
    );
  };

  return (
    <Modal
      open
      title={editing ? t(`people.${noun}.editTitle`) : t(`people.${noun}.createTitle`)}
      okText={editing ? t('common.save') : t('people.form.create')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ disabled: editing && anyBlank(values), loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
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
