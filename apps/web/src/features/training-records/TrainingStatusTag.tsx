import { TRAINING_STATUS } from '@qualis/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The viewer's own status on a training: Pending (warning: gold) or Passed (success: green), the
 * tag colours global.css gives AA contrast; nothing when the viewer is not an assignee.
 */
export function TrainingStatusTag({ status }: { status: number | null }) {
  const { t } = useTranslation();
  if (status === null) return null;
  const passed = status === TRAINING_STATUS.Passed;
  return (
    <Tag color={passed ? 'green' : 'gold'}>{passed ? t('trainings.status.Passed') : t('trainings.status.Pending')}</Tag>
  );
}
