import {
  ACTION_STATUS,
  ZCreateActionRequest,
  ZUpdateActionRequest,
  localActionDescription,
  localActionName,
  type Action,
  type ActionPerson,
  type ActionStatus,
  type UpdateActionRequest,
} from '@qualis/contract';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../components/zod-form';
import { TagSelect } from '../settings/TagSelect';
import type { ActionInput } from './actions.api';
import { PersonSelect } from './PersonSelect';
import { LinkFields } from './LinkFields';
import { today } from './action-paths';

/** Create: every field but the status. Edit: every field. Status: the status alone (the assignee's edit). */
export type ActionFormMode = 'create' | 'edit' | 'status';

const TEXT_FIELDS = [
  'name',
  'description',
  'dueDate',
  'assignerId',
  'assigneeId',
  'link',
  'linkDescription',
  'extraLink',
  'extraLinkDescription',
  'tagIds',
] as const;
const FIELDS = {
  create: TEXT_FIELDS,
  edit: [...TEXT_FIELDS, 'status'] as const,
  status: ['status'] as const,
};
type Field = (typeof FIELDS)['edit'][number];
type Values = Partial<Record<Field, string | string[] | ActionStatus>>;

/** What the form starts from: the action as saved, or a new action's defaults. */
function initialValues(action: Action | undefined, me: ActionPerson, language: string): Values {
  if (!action) return { dueDate: today(), assignerId: me.id, tagIds: [] };
  return {
    name: localActionName(action, language),
    description: localActionDescription(action, language),
    dueDate: action.dueDate,
    assignerId: action.assigner.id,
    assigneeId: action.assignee.id,
    link: action.link ?? '',
    linkDescription: action.linkDescription ?? '',
    extraLink: action.extraLink ?? '',
    extraLinkDescription: action.extraLinkDescription ?? '',
    tagIds: action.tagIds,
    status: action.status,
  };
}

export interface ActionFormProps {
  organizationId: string;
  mode: ActionFormMode;
  /** The action edited; absent when creating. */
  action?: Action;
  /** The signed-in person: a new action's default assigner. */
  me: ActionPerson;
  saving: boolean;
  /** Resolves when saved; a rejection (a 400) puts the server's messages under their fields. */
  onSubmit: (body: ActionInput & Partial<Pick<UpdateActionRequest, 'status'>>) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The action's fields on the contract's schema (spec 03 section 5): Save stays disabled until the
 * values are valid and, when editing, changed. A status-only edit shows the status alone and sends
 * every other field as saved (decision 0014).
 */
export function ActionForm({ organizationId, mode, action, me, saving, onSubmit, onCancel }: ActionFormProps) {
  const { t, i18n } = useTranslation();
  const schema = mode === 'create' ? ZCreateActionRequest : ZUpdateActionRequest;
  const fields = FIELDS[mode];
  const initial = useMemo(() => initialValues(action, me, i18n.language), [action, me, i18n.language]);
  // The values the form does not show: the organization, and for a status-only edit the rest as saved.
  const context = useMemo(
    () => ({ organizationId, ...(mode === 'status' ? initial : {}) }),
    [organizationId, mode, initial],
  );
  const shown = useMemo(() => Object.fromEntries(fields.map((f) => [f, initial[f]])) as Values, [fields, initial]);
  const zod = useZodForm<Field, Values[Field]>(schema, fields, context, shown);
  const changed =
    mode === 'create' || fields.some((f) => JSON.stringify(zod.values[f] ?? '') !== JSON.stringify(shown[f] ?? ''));
  const known = action ? [action.assigner, action.assignee] : [me];
  const show = (field: Field) => (fields as readonly Field[]).includes(field);

  const submit = () => {
    // What the schema makes of the values (trimmed, empty links as none) is what the server stores.
    const parsed = schema.parse({ ...context, ...zod.form.getFieldsValue(true) }) as UpdateActionRequest;
    const { organizationId: _organizationId, ...body } = parsed;
    // An automatic action's name and description, shown in the reader's language, stay as saved
    // unless the person changed them (the server then shows their words in every language).
    if (action && body.name === initial.name) body.name = action.name;
    if (action && body.description === initial.description) body.description = action.description;
    return onSubmit(body).catch(zod.showServerErrors);
  };

  const item = (field: Field, label: string, input: ReactNode, required = false) =>
    show(field) && (
      <Form.Item name={field} label={label} rules={zod.rules(field)} required={required}>
        {input}
      </Form.Item>
    );

  return (
    <Form layout="vertical" {...zod.formProps} onFinish={() => void submit()} className="qualis-action-form">
      {item(
        'status',
        t('actions.fields.status'),
        <Select
          style={{ maxWidth: 240 }}
          options={[
            { value: ACTION_STATUS.ToDo, label: t('actions.status.ToDo') },
            { value: ACTION_STATUS.Complete, label: t('actions.status.Complete') },
          ]}
        />,
        true,
      )}
      {item('name', t('actions.fields.name'), <Input />, true)}
      {item(
        'description',
        t('actions.fields.description'),
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />,
        true,
      )}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {item('dueDate', t('actions.fields.dueDate'), <Input type="date" />, true)}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'assignerId',
            t('actions.fields.assigner'),
            <PersonSelect organizationId={organizationId} known={known} />,
            true,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'assigneeId',
            t('actions.fields.assignee'),
            <PersonSelect organizationId={organizationId} known={known} />,
            true,
          )}
        </Col>
      </Row>
      {mode !== 'status' && (
        <LinkFields organizationId={organizationId} rules={zod.rules} setFieldValues={zod.setFieldValues} />
      )}
      {item('tagIds', t('actions.fields.tags'), <TagSelect organizationId={organizationId} />)}
      <Space>
        <Button type="primary" htmlType="submit" disabled={!zod.valid || !changed} loading={saving}>
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
