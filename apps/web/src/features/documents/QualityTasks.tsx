import { ZUpdateDocumentQualityTasksRequest, type ActionPerson, type DocumentQualityTasks } from '@qualis/contract';
import { Alert, Button, Checkbox, Descriptions, Form, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useZodForm } from '../../components/zod-form';
import { PersonSelect } from '../actions/PersonSelect';
import { fullName } from '../people/row-actions';

const FIELDS = ['reviewerIds', 'approverIds', 'requiresTraining'] as const;
type Field = (typeof FIELDS)[number];
type Value = string[] | boolean;

export interface QualityTasksValues {
  reviewerIds: string[];
  approverIds: string[];
  requiresTraining: boolean;
}

export interface QualityTasksFormProps {
  organizationId: string;
  revision: number;
  initial: QualityTasksValues;
  /** The reviewers and approvers saved, so their names show. */
  known: readonly ActionPerson[];
  /** Reviewers and approvers may change (not on a final revision). */
  canEditSigners: boolean;
  /** Requires training may change. */
  canEditTraining: boolean;
  saving: boolean;
  onSubmit: (body: QualityTasksValues) => Promise<unknown>;
  onCancel?: () => void;
  cancelText?: string;
  /** The wizard's Save works unchanged too (it moves on); the detail's needs a change. */
  requireChange?: boolean;
  /**
   * 'Create & Link Training' on a new revision: offered while Requires training is ticked; it
   * gets the values to save first (spec 03 section 4).
   */
  onCreateTraining?: (body: QualityTasksValues) => Promise<unknown>;
}

/** Quality Actions (spec 03 sections 3-4): reviewers, approvers and whether the revision requires training. */
export function QualityTasksForm(props: QualityTasksFormProps) {
  const { organizationId, revision, initial, known, canEditSigners, canEditTraining, saving, onSubmit } = props;
  const { t } = useTranslation();
  const context = useMemo(() => ({ organizationId, revision }), [organizationId, revision]);
  const zod = useZodForm<Field, Value>(ZUpdateDocumentQualityTasksRequest, FIELDS, context, initial);
  const changed = FIELDS.some((f) => JSON.stringify(zod.values[f]) !== JSON.stringify(initial[f]));

  const entered = (): QualityTasksValues => {
    const values = zod.form.getFieldsValue(true) as QualityTasksValues;
    return {
      reviewerIds: values.reviewerIds ?? [],
      approverIds: values.approverIds ?? [],
      requiresTraining: Boolean(values.requiresTraining),
    };
  };
  const submit = () => onSubmit(entered()).catch(zod.showServerErrors);
  const createTraining = props.onCreateTraining;

  return (
    <Form layout="vertical" {...zod.formProps} onFinish={() => void submit()}>
      <Form.Item name="reviewerIds" label={t('documents.fields.reviewers')} rules={zod.rules('reviewerIds')}>
        <PersonSelect organizationId={organizationId} known={known} multiple disabled={!canEditSigners} />
      </Form.Item>
      <Form.Item name="approverIds" label={t('documents.fields.approvers')} rules={zod.rules('approverIds')}>
        <PersonSelect organizationId={organizationId} known={known} multiple disabled={!canEditSigners} />
      </Form.Item>
      {!canEditSigners && (
        <Alert type="info" showIcon className="qualis-form-note" title={t('documents.signersLocked')} />
      )}
      <Form.Item name="requiresTraining" valuePropName="checked">
        <Checkbox disabled={!canEditTraining}>{t('documents.fields.requiresTraining')}</Checkbox>
      </Form.Item>
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          disabled={!zod.valid || (props.requireChange !== false && !changed)}
          loading={saving}
        >
          {t('common.save')}
        </Button>
        {createTraining && zod.values.requiresTraining === true && (
          <Button
            disabled={!zod.valid}
            loading={saving}
            onClick={() => void createTraining(entered()).catch(zod.showServerErrors)}
          >
            {t('documents.createLinkTraining')}
          </Button>
        )}
        {props.onCancel && <Button onClick={props.onCancel}>{props.cancelText ?? t('common.cancel')}</Button>}
      </Space>
    </Form>
  );
}

const personText = (p: ActionPerson) => `${fullName(p)} (${p.email})`;

/** Quality Actions in view mode: the people, and the training the revision requires. */
export function QualityTasksView({
  organizationId,
  quality,
}: {
  organizationId: string;
  quality: DocumentQualityTasks;
}) {
  const { t } = useTranslation();
  const people = (list: ActionPerson[]) =>
    list.length ? (
      <ul className="qualis-plain-list">
        {list.map((p) => (
          <li key={p.id}>{personText(p)}</li>
        ))}
      </ul>
    ) : (
      <Typography.Text type="secondary">{t('documents.nobody')}</Typography.Text>
    );
  const training = quality.trainingRecord;
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      items={[
        { key: 'reviewers', label: t('documents.fields.reviewers'), children: people(quality.reviewers) },
        { key: 'approvers', label: t('documents.fields.approvers'), children: people(quality.approvers) },
        {
          key: 'requiresTraining',
          label: t('documents.fields.requiresTraining'),
          children: quality.requiresTraining ? t('common.yes') : t('common.no'),
        },
        {
          key: 'training',
          label: t('documents.fields.trainingRecord'),
          children: !training ? (
            <Typography.Text type="secondary">{t('documents.noTraining')}</Typography.Text>
          ) : (
            <Link to={`/organizations/${organizationId}/training-records/${training.id}`}>{training.name}</Link>
          ),
        },
      ]}
    />
  );
}
