import { ACTION_STATUS, actionStatusName, type ActionStatus } from '@qualis/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** To do (orange) or Complete (green). */
export function ActionStatusTag({ status }: { status: ActionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === ACTION_STATUS.Complete ? 'green' : 'orange'}>
      {t(`actions.status.${actionStatusName(status)}`)}
    </Tag>
  );
}
