import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { useAccessFlags } from '../features/access/access.api';
import { TrainingRecordsTable } from '../features/training-records/TrainingRecordsTable';
import { trainingsPath } from '../features/training-records/training-paths';

/**
 * /organizations/{id}/training-records: 'List of Training Records' (spec 03 section 2); Add New
 * with canAddTrainingRecords (Admins always, Users with permission 29 or 33).
 */
export default function TrainingRecordsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const { flags } = useAccessFlags(organizationId);
  const { success } = useSuccessToast();

  return (
    <>
      <PageHeader title={t('trainings.breadcrumb')} />
      <Card
        title={t('trainings.listTitle')}
        extra={
          flags.canAddTrainingRecords && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${trainingsPath(organizationId)}/create`)}
            >
              {t('trainings.addNew')}
            </Button>
          )
        }
      >
        <TrainingRecordsTable organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
