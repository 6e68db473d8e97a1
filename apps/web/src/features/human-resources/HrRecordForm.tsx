import { ZUpdateHrRecordRequest, type HrRecord } from '@qualis/contract';
import { Button, Form, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../components/FileUpload';
import { useZodForm } from '../../components/zod-form';
import { useEntries } from '../settings/settings.api';
import type { HrRecordInput } from './hr.api';

const FIELDS = ['fileId', 'tagIds'] as const;
type Field = (typeof FIELDS)[number];
type Values = Partial<Record<Field, string | string[] | null>>;

export interface HrRecordFormProps {
  organizationId: string;
  record: HrRecord;
  saving: boolean;
  /** Resolves when saved; a rejection (a 400) puts the server's messages under their fields. */
  onSubmit: (input: HrRecordInput) => Promise<unknown>;
  onCancel: () => void;
}

/** The editable part of an HR record (spec 03 section 7): the CV and the tags; Save once changed. */
export function HrRecordForm({ organizationId, record, saving, onSubmit, onCancel }: HrRecordFormProps) {
  const { t } = useTranslation();
  const initial = useMemo<Values>(() => ({ fileId: record.file?.id, tagIds: record.tagIds }), [record]);
  const context = useMemo(() => ({ organizationId }), [organizationId]);
  const zod = useZodForm<Field, Values[Field]>(ZUpdateHrRecordRequest, FIELDS, context, initial);
  const tags = useEntries(organizationId, 'tags');
  const changed = FIELDS.some((f) => JSON.stringify(zod.values[f] ?? null) !== JSON.stringify(initial[f] ?? null));

  const submit = () => {
    const { fileId, tagIds } = ZUpdateHrRecordRequest.parse({ ...context, ...zod.form.getFieldsValue(true) });
    return onSubmit({ fileId, tagIds }).catch(zod.showServerErrors);
  };

  return (
    <Form layout="vertical" {...zod.formProps} onFinish={() => void submit()}>
      <Form.Item name="fileId" label={t('humanResources.fields.file')} rules={zod.rules('fileId')}>
        <FileUpload organizationId={organizationId} known={record.file ? [record.file] : []} />
      </Form.Item>
      <Form.Item name="tagIds" label={t('humanResources.fields.tags')} rules={zod.rules('tagIds')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('humanResources.chooseTags')}
          loading={tags.isLoading}
          optionFilterProp="label"
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" disabled={!zod.valid || !changed} loading={saving}>
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
