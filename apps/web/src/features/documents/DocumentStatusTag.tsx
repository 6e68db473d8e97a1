import { documentStatusShown, type DocumentStatus, type DocumentStatusShown } from '@qualis/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DocumentStatusShown, string> = {
  Submitted: 'blue',
  Reviewed: 'cyan',
  Approved: 'green',
  Rejected: 'red',
  Final: 'gold',
  Obsolete: 'default',
};

/**
 * A revision's status in its colour: Submitted, Reviewed, Approved, Rejected, Final for a
 * revision set as final by hand, or Obsolete for a withdrawn one. An approved revision is final too: `withFinal` adds the 'Final'
 * mark beside it (the list has a Final column instead).
 */
export function DocumentStatusTag({
  revision,
  withFinal = true,
}: {
  revision: { status: DocumentStatus; isFinal: boolean };
  withFinal?: boolean;
}) {
  const { t } = useTranslation();
  const shown = documentStatusShown(revision);
  const tag = <Tag color={COLORS[shown]}>{t(`documents.status.${shown}`)}</Tag>;
  if (!withFinal || !revision.isFinal || shown === 'Final') return tag;
  return (
    <Space size={4} wrap>
      {tag}
      <Tag color={COLORS.Final}>{t('documents.final')}</Tag>
    </Space>
  );
}
