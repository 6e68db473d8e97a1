import {
  FILE_MAX_BYTES,
  ZCreateTrainingRequest,
  ZUpdateTrainingRequest,
  type ActionPerson,
  type TrainingRecord,
} from '@qualis/contract';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api-client';
import { FileUpload, fileSizeText } from '../../components/FileUpload';
import { useZodForm } from '../../components/zod-form';
import { LinkFields } from '../actions/LinkFields';
import { PersonSelect } from '../actions/PersonSelect';
import { TagSelect } from '../settings/TagSelect';
import { AssigneeSelect } from './AssigneeSelect';
import { QuestionsEditor } from './QuestionsEditor';
import {
  TRAINING_FORM_FIELDS,
  formFieldOf,
  initialTrainingValues,
  trainingFormSchema,
  trainingRequestOf,
  type TrainingFormField,
  type TrainingFormValues,
} from './training-form';
import type { TrainingInput, TrainingUpdateInput } from './training-records.api';

type Value = TrainingFormValues[TrainingFormField];

/** A value as saved: the questions' and answers' draft keys are the form's own. */
const comparable = (value: Value) =>
  JSON.stringify(value ?? '', (name, v: unknown) => (name === 'key' ? undefined : v));

export interface TrainingFormProps {
  organizationId: string;
  /** The training edited; absent when creating. */
  training?: TrainingRecord;
  /** The signed-in person: a new training's default assigner. */
  me: ActionPerson;
  /** Values sent with the form's that it does not show ('Create & Link Training': the document revision). */
  extra?: Partial<TrainingInput>;
  /** What a new training starts from beyond the defaults ('Create & Link Training': the document's name, link and file). */
  defaults?: Partial<TrainingFormValues>;
  /** Files the form names before they are uploaded here (the document's controlled file). */
  knownFiles?: TrainingRecord['files'];
  saving: boolean;
  /** Resolves when saved; a rejection (a 400) puts the server's messages under their fields. */
  onSubmit: (body: TrainingInput & TrainingUpdateInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A training's fields on the contract's schema (spec 03 section 5): Save stays disabled until the
 * values are valid (at least one assignee, every question with its text, 2 answers or more, one
 * correct) and, when editing, changed.
 */
export function TrainingForm(props: TrainingFormProps) {
  const { organizationId, training, me, extra, defaults, knownFiles, saving, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const request = training ? ZUpdateTrainingRequest : ZCreateTrainingRequest;
  const savedGroups = training?.assigneeUserGroups ?? null;
  const schema = useMemo(() => trainingFormSchema(request, savedGroups), [request, savedGroups]);
  const initial = useMemo(() => ({ ...initialTrainingValues(training, me), ...defaults }), [training, me, defaults]);
  const context = useMemo(() => ({ organizationId, ...extra }), [organizationId, extra]);
  const zod = useZodForm<TrainingFormField, Value>(schema, TRAINING_FORM_FIELDS, context, initial);
  const changed = !training || TRAINING_FORM_FIELDS.some((f) => comparable(zod.values[f]) !== comparable(initial[f]));
  const knownPeople = training ? [training.assigner, ...training.assigneeUsers] : [me];

  const submit = () => {
    // What the schema makes of the values (trimmed, empty links as none) is what the server stores.
    const values = { ...context, ...zod.form.getFieldsValue(true) } as TrainingFormValues & Record<string, unknown>;
    const { organizationId: _organizationId, ...body } = request.parse(trainingRequestOf(values, savedGroups));
    return onSubmit(body as TrainingInput & TrainingUpdateInput).catch((error: unknown) =>
      zod.showServerErrors(
        error instanceof ApiError
          ? new ApiError(
              error.status,
              error.errors.map((e) => ({ ...e, field: e.field && formFieldOf(e.field) })),
              error.message,
            )
          : error,
      ),
    );
  };

  const item = (field: TrainingFormField, label: string, input: ReactNode, required = false, help?: string) => (
    <Form.Item name={field} label={label} rules={zod.rules(field)} required={required} extra={help}>
      {input}
    </Form.Item>
  );

  return (
    <Form layout="vertical" {...zod.formProps} onFinish={() => void submit()} className="qualis-training-form">
      {training && (
        <Form.Item label={t('trainings.fields.number')} htmlFor="training-number">
          <Input id="training-number" value={training.number} disabled />
        </Form.Item>
      )}
      {item('name', t('trainings.fields.name'), <Input />, true)}
      {item(
        'description',
        t('trainings.fields.description'),
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />,
        true,
      )}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {item('dueDate', t('trainings.fields.dueDate'), <Input type="date" />, true)}
        </Col>
        <Col xs={24} md={16}>
          {item(
            'assignerId',
            t('trainings.fields.assigner'),
            <PersonSelect organizationId={organizationId} known={knownPeople} />,
            true,
          )}
        </Col>
      </Row>
      {item(
        'assignees',
        t('trainings.fields.assignees'),
        <AssigneeSelect
          organizationId={organizationId}
          knownPeople={knownPeople}
          knownGroups={training?.assigneeUserGroups ?? []}
        />,
        true,
      )}
      {item(
        'fileIds',
        t('trainings.fields.files'),
        <FileUpload organizationId={organizationId} known={training?.files ?? knownFiles ?? []} multiple />,
        false,
        t('trainings.filesLimit', { size: fileSizeText(FILE_MAX_BYTES) }),
      )}
      <LinkFields organizationId={organizationId} rules={zod.rules} setFieldValues={zod.setFieldValues} />
      {item('tagIds', t('trainings.fields.tags'), <TagSelect organizationId={organizationId} />)}
      <fieldset className="qualis-fieldset">
        <legend>{t('trainings.fields.questions')}</legend>
        <Form.Item name="questions" noStyle>
          <QuestionsEditor />
        </Form.Item>
      </fieldset>
      <Space wrap>
        <Button type="primary" htmlType="submit" disabled={!zod.valid || !changed} loading={saving}>
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
