import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  REFERENCE_TYPES,
  ZNewDocumentReference,
  type DocumentReference,
  type NewDocumentReference,
  type ReferenceType,
} from '@qualis/contract';
import { Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageText } from '../../components/zod-form';
import { EnteredLink } from '../actions/EnteredLink';
import { RecordLinkPicker, useViewableKinds, type RecordKind } from '../actions/RecordLinkPicker';

const KIND_OF_TYPE: Record<ReferenceType, RecordKind> = {
  [REFERENCE_TYPES.Document]: 'documents',
  [REFERENCE_TYPES.Action]: 'tasks',
  [REFERENCE_TYPES.TrainingRecord]: 'training-records',
  [REFERENCE_TYPES.HumanResource]: 'human-resources',
};
const TYPE_OF_KIND = Object.fromEntries(
  Object.entries(KIND_OF_TYPE).map(([type, kind]) => [kind, Number(type)]),
) as Record<RecordKind, ReferenceType>;

/** What a reference is: the kind of its record, or an external link. */
/** The kind of record a reference's type (0-3; the contract's number) names. */
const kindOfType = (type: number): RecordKind => KIND_OF_TYPE[type as ReferenceType];

function ReferenceKind({ type }: { type: number | null }) {
  const { t } = useTranslation();
  return <Tag>{type === null ? t('documents.references.external') : t(`recordLink.kinds.${kindOfType(type)}`)}</Tag>;
}

/**
 * One reference as a link: a record the viewer may open opens in the app, else its description is
 * plain text (spec 03 section 6); an external link opens in a new tab.
 */
function ReferenceLink({ reference, organizationId }: { reference: DocumentReference; organizationId: string }) {
  const viewable = useViewableKinds(organizationId);
  const text = reference.linkDescription || reference.link;
  if (reference.type === null) return <EnteredLink href={reference.link}>{text}</EnteredLink>;
  const kind = kindOfType(reference.type);
  if (!viewable[kind] || !reference.link.startsWith('/')) return <span>{text}</span>;
  return <Link to={reference.link}>{text}</Link>;
}

/** References in view mode. */
export function ReferencesView({
  organizationId,
  references,
}: {
  organizationId: string;
  references: readonly DocumentReference[];
}) {
  const { t } = useTranslation();
  if (references.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.references.none')} />;
  return (
    <ul className="qualis-plain-list qualis-references">
      {references.map((r) => (
        <li key={r.id} className="qualis-signature">
          <ReferenceKind type={r.type} /> <ReferenceLink reference={r} organizationId={organizationId} />
        </li>
      ))}
    </ul>
  );
}

/** A row of the editor: a saved reference kept, or a new one (a record, or a link being typed). */
interface Row {
  key: string;
  saved?: DocumentReference;
  record?: { type: ReferenceType; linkId: string; label: string };
  link: string;
  linkDescription: string;
}

let rowCounter = 0;
const newRow = (): Row => ({ key: `new-${++rowCounter}`, link: '', linkDescription: '' });
const isBlank = (row: Row) => !row.saved && !row.record && !row.link.trim() && !row.linkDescription.trim();

/** A new row as the contract reads it, or its message. */
function parsedRow(row: Row): { value?: NewDocumentReference; error?: string } {
  const result = ZNewDocumentReference.safeParse(
    row.record
      ? { type: row.record.type, linkId: row.record.linkId, linkDescription: row.record.label }
      : { link: row.link, linkDescription: row.linkDescription },
  );
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message };
}

export interface ReferencesChange {
  newReferences: NewDocumentReference[];
  oldReferenceIds: string[];
}

export interface ReferencesEditorProps {
  organizationId: string;
  saved: readonly DocumentReference[];
  saving: boolean;
  onSubmit: (change: ReferencesChange) => Promise<unknown>;
  onCancel?: () => void;
  cancelText?: string;
}

/**
 * References in edit mode (spec 03 sections 3 and 5): rows of a record (Document, Action,
 * Training record, HR record, chosen in the link-to-record picker) or an external http(s) link with
 * its description; a row's delete is disabled while it is the only one. Blank rows are left out.
 */
export function ReferencesEditor({
  organizationId,
  saved,
  saving,
  onSubmit,
  onCancel,
  cancelText,
}: ReferencesEditorProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [rows, setRows] = useState<Row[]>(() =>
    saved.length ? saved.map((r) => ({ key: r.id, saved: r, link: '', linkDescription: '' })) : [newRow()],
  );
  const change = (key: string, patch: Partial<Row>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const added = rows.filter((row) => !row.saved && !isBlank(row)).map((row) => ({ row, ...parsedRow(row) }));
  const valid = added.every((a) => a.value);
  const errorOf = (row: Row) => added.find((a) => a.row.key === row.key)?.error;
  const keptIds = rows.flatMap((row) => (row.saved ? [row.saved.id] : []));
  const changed = added.length > 0 || keptIds.length !== saved.length;

  const submit = () =>
    onSubmit({
      newReferences: added.flatMap((a) => (a.value ? [a.value] : [])),
      oldReferenceIds: keptIds,
    });

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {rows.map((row, index) => {
        const error = errorOf(row);
        const number = index + 1;
        return (
          <div key={row.key} className="qualis-reference-row">
            <div className="qualis-reference-row__body">
              {row.saved ? (
                <span className="qualis-signature">
                  <ReferenceKind type={row.saved.type} />{' '}
                  <ReferenceLink reference={row.saved} organizationId={organizationId} />
                </span>
              ) : row.record ? (
                <Space wrap>
                  <ReferenceKind type={row.record.type} />
                  <span className="qualis-signature">{row.record.label}</span>
                  <Button size="small" onClick={() => change(row.key, { record: undefined })}>
                    {t('documents.references.useLink')}
                  </Button>
                </Space>
              ) : (
                <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                  <Input
                    placeholder="https://"
                    aria-label={t('documents.references.link', { number })}
                    value={row.link}
                    status={error ? 'error' : undefined}
                    onChange={(event) => change(row.key, { link: event.target.value })}
                  />
                  <Input
                    placeholder={t('documents.references.description')}
                    aria-label={t('documents.references.linkDescription', { number })}
                    value={row.linkDescription}
                    onChange={(event) => change(row.key, { linkDescription: event.target.value })}
                  />
                  {error && (
                    <Typography.Text type="danger" role="alert">
                      {text(error)}
                    </Typography.Text>
                  )}
                  <RecordLinkPicker
                    organizationId={organizationId}
                    onPick={(picked) =>
                      change(row.key, {
                        record: { type: TYPE_OF_KIND[picked.kind], linkId: picked.id, label: picked.description },
                        link: '',
                        linkDescription: '',
                      })
                    }
                  />
                </Space>
              )}
            </div>
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('documents.references.delete', { number })}
              disabled={rows.length === 1}
              onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
            />
          </div>
        );
      })}
      <Button icon={<PlusOutlined />} onClick={() => setRows((list) => [...list, newRow()])}>
        {t('documents.references.add')}
      </Button>
      <Space wrap>
        <Button
          type="primary"
          disabled={!valid || (saved.length > 0 && !changed)}
          loading={saving}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('common.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{cancelText ?? t('common.cancel')}</Button>}
      </Space>
    </Space>
  );
}
