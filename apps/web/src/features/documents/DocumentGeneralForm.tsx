import {
  DOCUMENT_REVISION_MAX,
  DOCUMENT_REVISION_MIN,
  TRAINING_EFFECT_DAYS_DEFAULT,
  ZAddDocumentRevisionRequest,
  ZCreateDocumentRequest,
  ZUpdateDocumentGeneralRequest,
  type ActionPerson,
  type DocumentDetail,
} from '@qualis/contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/bridges';
import { FileUpload } from '../../components/FileUpload';
import { useZodForm } from '../../components/zod-form';
import { PersonSelect } from '../actions/PersonSelect';
import { useEntries } from '../settings/settings.api';
import { TagSelect } from '../settings/TagSelect';
import { DOCUMENT_TYPE_TOOLTIP_LENGTH } from './document-paths';
import { TrainingEffectField } from './TrainingEffectField';

/** Create: a new document. Edit: General of a revision. Revision: the next revision, from the current one. */
export type GeneralFormMode = 'create' | 'edit' | 'revision';

const FIELDS = [
  'typeId',
  'typeDescription',
  'name',
  'revision',
  'revisionName',
  'reasonForChange',
  'revisionDescription',
  'effectiveOn',
  'trainingEffectDays',
  'fileId',
  'extraFileIds',
  'submitterId',
  'tagIds',
] as const;
type Field = (typeof FIELDS)[number];
type Value = string | number | string[] | undefined;
type Values = Partial<Record<Field, Value>>;

const SCHEMAS = {
  create: ZCreateDocumentRequest,
  edit: ZUpdateDocumentGeneralRequest,
  revision: ZAddDocumentRevisionRequest,
};

/**
 * What the form starts from. A new revision takes the document's fields from the current one but
 * starts with an empty revision name, reason for change and description: they say what this
 * revision changes.
 */
function initialValues(mode: GeneralFormMode, document: DocumentDetail | undefined, me: ActionPerson): Values {
  if (!document) return { revision: DOCUMENT_REVISION_MIN, submitterId: me.id, extraFileIds: [], tagIds: [] };
  const adding = mode === 'revision';
  return {
    typeId: document.typeId,
    typeDescription: document.typeDescription ?? '',
    name: document.name,
    revision: adding ? document.latestRevision + 1 : document.revision,
    revisionName: adding ? '' : (document.revisionName ?? ''),
    reasonForChange: adding ? '' : (document.reasonForChange ?? ''),
    revisionDescription: adding ? '' : (document.revisionDescription ?? ''),
    effectiveOn: adding ? '' : (document.effectiveOn ?? ''),
    trainingEffectDays: adding ? undefined : (document.trainingEffectDays ?? undefined),
    fileId: document.fileId ?? undefined,
    extraFileIds: document.extraFileIds,
    submitterId: document.submitterId ?? undefined,
    tagIds: document.tagIds,
  };
}

/** What a new revision takes over from the current one beyond General (decision 0018). */
function carriedOver(document: DocumentDetail) {
  return {
    reviewerIds: document.reviewerIds,
    approverIds: document.approverIds,
    requiresTraining: document.requiresTraining ?? false,
    references: document.references.map((r) => ({
      type: r.type,
      linkId: r.linkId,
      link: r.linkId ? null : r.link,
      linkDescription: r.linkDescription,
    })),
  };
}

export interface DocumentGeneralFormProps {
  organizationId: string;
  mode: GeneralFormMode;
  /** The revision edited, or the one a new revision starts from; absent when creating. */
  document?: DocumentDetail;
  /** The signed-in person: a new document's default responsible. */
  me: ActionPerson;
  saving: boolean;
  /** The body of the mode's call without the organization; resolves when saved. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  cancelText?: string;
}

/**
 * General of a document on the contract's schemas (spec 03 section 5). Creating, Save says 'Fill
 * all required fields' while one is missing; editing and adding a revision, Save stays disabled
 * until the values are valid (and, editing, changed).
 */
export function DocumentGeneralForm(props: DocumentGeneralFormProps) {
  const { organizationId, mode, document, me, saving, onSubmit, onCancel, cancelText } = props;
  const { t } = useTranslation();
  const schema = SCHEMAS[mode];
  const initial = useMemo(() => initialValues(mode, document, me), [mode, document, me]);
  const context = useMemo(
    () => ({
      organizationId,
      ...(mode === 'edit' && document ? { id: document.id, revision: document.revision } : {}),
      ...(mode === 'revision' && document ? { id: document.id, ...carriedOver(document) } : {}),
    }),
    [organizationId, mode, document],
  );
  const zod = useZodForm<Field, Value>(schema, FIELDS, context, initial);
  const types = useEntries(organizationId, 'document-types');
  const changed =
    mode !== 'edit' || FIELDS.some((f) => JSON.stringify(zod.values[f] ?? '') !== JSON.stringify(initial[f] ?? ''));
  const known = document ? [document.submitter ?? me, document.creator, me] : [me];
  const knownFiles = document?.file ? [document.file, ...document.extraFiles] : [];

  const submit = async () => {
    if (!zod.valid) {
      notify(t('documents.fillRequired'));
      await zod.form.validateFields().catch(() => undefined);
      return;
    }
    const { organizationId: _organizationId, ...body } = schema.parse({
      ...context,
      ...zod.form.getFieldsValue(true),
    }) as Record<string, unknown>;
    await onSubmit(body).catch(zod.showServerErrors);
  };

  const item = (field: Field, label: string, input: ReactNode, required = false) => (
    <Form.Item name={field} label={label} rules={zod.rules(field)} required={required}>
      {input}
    </Form.Item>
  );

  return (
    <Form
      layout="vertical"
      {...zod.formProps}
      onFinish={() => void submit()}
      onFinishFailed={() => notify(t('documents.fillRequired'))}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {item(
            'typeId',
            t('documents.fields.type'),
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('documents.chooseType')}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: type.name,
                title: type.name.length > DOCUMENT_TYPE_TOOLTIP_LENGTH ? type.name : undefined,
              }))}
            />,
            true,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item('typeDescription', t('documents.fields.typeDescription'), <Input />)}
        </Col>
        <Col xs={24} md={12}>
          {item('name', t('documents.fields.name'), <Input />, true)}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'revision',
            t('documents.fields.revision'),
            <InputNumber
              min={DOCUMENT_REVISION_MIN}
              max={DOCUMENT_REVISION_MAX}
              precision={0}
              disabled={mode !== 'create'}
              style={{ width: '100%' }}
            />,
            true,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item('revisionName', t('documents.fields.revisionName'), <Input />)}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'submitterId',
            t('documents.fields.responsible'),
            <PersonSelect organizationId={organizationId} known={known} />,
            true,
          )}
        </Col>
      </Row>
      {item(
        'reasonForChange',
        t('documents.fields.reasonForChange'),
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />,
        // Required for a new revision; one once given is changed, not removed (issue 24).
        mode === 'revision' || (mode === 'edit' && Boolean(document?.reasonForChange)),
      )}
      {item(
        'revisionDescription',
        t('documents.fields.revisionDescription'),
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />,
        true,
      )}
      {/* Chosen by the Responsible: the day the revision takes effect once released; empty, at its release. */}
      <Form.Item
        name="effectiveOn"
        label={t('documents.fields.effectiveOn')}
        rules={zod.rules('effectiveOn')}
        extra={t('documents.effectiveOnHelp')}
      >
        <Input type="date" min={new Date().toISOString().slice(0, 10)} style={{ maxWidth: 220 }} />
      </Form.Item>
      {mode !== 'create' && document?.requiresTraining && (
        <TrainingEffectField
          checked={zod.values.trainingEffectDays !== undefined && zod.values.trainingEffectDays !== null}
          onCheck={(on) => zod.setFieldValues({ trainingEffectDays: on ? TRAINING_EFFECT_DAYS_DEFAULT : undefined })}
          rules={zod.rules('trainingEffectDays')}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {item(
            'fileId',
            t('documents.fields.file'),
            <FileUpload organizationId={organizationId} known={knownFiles} />,
            true,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'extraFileIds',
            t('documents.fields.extraFiles'),
            <FileUpload organizationId={organizationId} known={knownFiles} multiple />,
          )}
        </Col>
      </Row>
      {item('tagIds', t('documents.fields.tags'), <TagSelect organizationId={organizationId} />)}
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          disabled={mode !== 'create' && (!zod.valid || !changed)}
          loading={saving}
        >
          {t('common.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{cancelText ?? t('common.cancel')}</Button>}
      </Space>
    </Form>
  );
}
