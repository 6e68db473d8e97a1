import type { DocumentDetail } from '@qualis/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileSizeText } from '../../components/FileUpload';
import { formatDate } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { DocumentFileButton } from './DocumentFileButton';
import { DocumentPreview } from './DocumentPreview';
import { DocumentStatusTag } from './DocumentStatusTag';
import { RevisionEffectText, RevisionLifecycleTag } from './RevisionLifecycle';

/** General of a revision, read-only (spec 03 section 3): its fields, files and people. */
export function DocumentGeneralView({
  organizationId,
  document,
}: {
  organizationId: string;
  document: DocumentDetail;
}) {
  const { t, i18n } = useTranslation();
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const person = (p: DocumentDetail['creator']) => `${fullName(p)} (${p.email})`;
  const file = (f: DocumentDetail['extraFiles'][number]) => (
    <Space size={4} wrap key={f.id}>
      <DocumentFileButton
        organizationId={organizationId}
        documentId={document.id}
        revision={document.revision}
        file={f}
      />
      <Typography.Text type="secondary">({fileSizeText(f.fileSize)})</Typography.Text>
    </Space>
  );
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : none(t('documents.notYet')));

  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="middle"
      items={[
        { key: 'type', label: t('documents.fields.type'), children: document.type },
        {
          key: 'typeDescription',
          label: t('documents.fields.typeDescription'),
          children: document.typeDescription || none(t('documents.noDocumentId')),
        },
        { key: 'name', label: t('documents.fields.name'), children: document.name, span: 'filled' },
        { key: 'number', label: t('documents.fields.number'), children: document.number },
        { key: 'revision', label: t('documents.fields.revision'), children: document.revision },
        {
          key: 'status',
          label: t('documents.fields.status'),
          children: <DocumentStatusTag revision={document} />,
        },
        {
          key: 'lifecycle',
          label: t('documents.fields.lifecycle'),
          span: 'filled',
          children: (
            <Space size={4} wrap>
              <RevisionLifecycleTag lifecycle={document.lifecycle} />
              <RevisionEffectText revision={document} />
            </Space>
          ),
        },
        {
          key: 'revisionName',
          label: t('documents.fields.revisionName'),
          children: document.revisionName || none(t('documents.noRevisionName')),
        },
        {
          key: 'reasonForChange',
          label: t('documents.fields.reasonForChange'),
          children: document.reasonForChange ? (
            <span className="qualis-pre-line">{document.reasonForChange}</span>
          ) : (
            none('—')
          ),
          span: 'filled',
        },
        {
          key: 'revisionDescription',
          label: t('documents.fields.revisionDescription'),
          children: <span className="qualis-pre-line">{document.revisionDescription}</span>,
          span: 'filled',
        },
        {
          key: 'responsible',
          label: t('documents.fields.responsible'),
          children: document.submitter && person(document.submitter),
        },
        { key: 'creator', label: t('documents.fields.creator'), children: person(document.creator) },
        { key: 'reviewedAt', label: t('documents.fields.reviewedAt'), children: date(document.reviewedAt) },
        { key: 'approvedAt', label: t('documents.fields.approvedAt'), children: date(document.approvedAt) },
        {
          key: 'file',
          label: t('documents.fields.file'),
          span: 'filled',
          children: document.file && (
            <div className="qualis-signature">
              {file(document.file)}
              <div>
                <DocumentPreview
                  key={document.file.id}
                  organizationId={organizationId}
                  documentId={document.id}
                  revision={document.revision}
                  file={document.file}
                />
              </div>
            </div>
          ),
        },
        {
          key: 'extraFiles',
          label: t('documents.fields.extraFiles'),
          span: 'filled',
          children: document.extraFiles.length ? (
            <Space orientation="vertical" size={0}>
              {document.extraFiles.map(file)}
            </Space>
          ) : (
            none(t('documents.noFiles'))
          ),
        },
        {
          key: 'tags',
          label: t('documents.fields.tags'),
          span: 'filled',
          children: document.tags.length
            ? document.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>)
            : none(t('actions.noTags')),
        },
      ]}
    />
  );
}
