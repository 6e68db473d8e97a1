import { useTranslation } from 'react-i18next';
import { ListPage } from '../components/ListPage';
import { TrainingRecordsTable } from '../features/training-records/TrainingRecordsTable';
import { trainingsPath } from '../features/training-records/training-paths';

/**
 * /organizations/{id}/training-records: 'List of Training Records' (spec 03 section 2); Add New
 * with canAddTrainingRecords (Admins always, Users with `Permission.AddTrainingRecords` or
 * `Permission.AddOwnTrainingRecords`).
 */
export default function TrainingRecordsPage() {
  const { t } = useTranslation();
  return (
    <ListPage
      title={t('trainings.breadcrumb')}
      listTitle={t('trainings.listTitle')}
      addNew={{ label: t('trainings.addNew'), allowedBy: 'canAddTrainingRecords', listPath: trainingsPath }}
      List={TrainingRecordsTable}
    />
  );
}
