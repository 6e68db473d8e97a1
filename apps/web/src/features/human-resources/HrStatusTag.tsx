import type { HrRecord } from '@qualis/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<HrRecord['status'], string> = { Active: 'green', Inactive: 'default', Removed: 'red' };

/** Active and Inactive follow the person's membership; Removed: they left the organization, the record stays. */
export function HrStatusTag({ status }: { status: HrRecord['status'] }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`humanResources.status.${status}`)}</Tag>;
}
