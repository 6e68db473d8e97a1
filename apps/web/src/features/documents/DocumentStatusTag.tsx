import type { DocumentStatus } from '@qualis/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DocumentStatus, string> = {
  Submitted: 'blue',
  Reviewed: 'cyan',
  Approved: 'green',
  Rejected: 'red',
};

/** A revision's status: Submitted, Reviewed, Approved or Rejected, each in its colour. */
export function DocumentStatusTag({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`documents.status.${status}`)}</Tag>;
}

/** The 'Final' mark of a final revision. */
export function FinalTag() {
  const { t } = useTranslation();
  return <Tag color="gold">{t('documents.final')}</Tag>;
}
