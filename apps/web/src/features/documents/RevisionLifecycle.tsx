import type { DocumentDetail, DocumentRow, RevisionLifecycle } from '@qualis/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates';

const COLORS: Record<RevisionLifecycle, string> = {
  Pending: 'orange',
  Effective: 'green',
  Superseded: 'purple',
  Obsolete: 'default',
};

/** Where a revision stands after its signatures: Pending, Effective, Superseded or Obsolete (issue 24). */
export function RevisionLifecycleTag({ lifecycle }: { lifecycle: RevisionLifecycle }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[lifecycle]}>{t(`documents.lifecycle.${lifecycle}`)}</Tag>;
}

/**
 * The list's State: the row revision's lifecycle and, beside it, the document's pending revision
 * ('rev 2 in approval', or 'rev 2 effective on <date>' once released).
 */
export function RowLifecycle({ row }: { row: Pick<DocumentRow, 'lifecycle' | 'pendingRevision'> }) {
  const { t, i18n } = useTranslation();
  const pending = row.pendingRevision;
  if (!pending) return <RevisionLifecycleTag lifecycle={row.lifecycle} />;
  return (
    <Space size={4} wrap>
      <RevisionLifecycleTag lifecycle={row.lifecycle} />
      {/* Wraps under the tag rather than being cut by the column's width. */}
      <Typography.Text type="secondary" style={{ whiteSpace: 'normal' }}>
        {pending.trainingEffect
          ? t('documents.pendingWhenTrained', { revision: pending.revision, ...pending.trainingEffect })
          : pending.isFinal
            ? t('documents.pendingEffectiveOn', {
                revision: pending.revision,
                date: formatDate(pending.effectiveOn, i18n.language, 'UTC'),
              })
            : t('documents.pendingInApproval', { revision: pending.revision })}
      </Typography.Text>
    </Space>
  );
}

/** What the detail says of a revision's effect: when it took or takes effect, and what superseded it. */
export function RevisionEffectText({
  revision: r,
}: {
  revision: Pick<DocumentDetail, 'effectiveOn' | 'effectiveAt' | 'supersededAt' | 'supersededBy'> &
    Partial<Pick<DocumentDetail, 'trainingEffect'>>;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null, timeZone?: string) => formatDate(value, i18n.language, timeZone);
  const text =
    r.supersededAt !== null
      ? t('documents.effect.superseded', { revision: r.supersededBy, date: date(r.supersededAt) })
      : r.effectiveAt !== null
        ? t('documents.effect.effectiveSince', { date: date(r.effectiveAt) })
        : r.trainingEffect
          ? t('documents.effect.whenTrained', r.trainingEffect)
          : r.effectiveOn !== null
            ? t('documents.effect.effectiveOn', { date: date(r.effectiveOn, 'UTC') })
            : t('documents.effect.whenReleased');
  return <Typography.Text>{text}</Typography.Text>;
}
