import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { hasLanded } from '../app/landed-pages';
import { PageHeader } from '../components/PageHeader';
import { useAccessFlags } from '../features/access/access.api';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const { flags } = useAccessFlags(organizationId);
  const base = `/organizations/${organizationId}`;
  // The SuperAdmin has no dashboard in the menu, but may land here; Admins and permitted Users may
  // add, once the area's pages exist (app/landed-pages.ts).
  const buttons = [
    flags.canAddDocuments &&
      hasLanded('documents') && { key: 'document', to: `${base}/documents/create`, label: t('access.addDocument') },
    flags.canAddTasks && hasLanded('tasks') && { key: 'task', to: `${base}/tasks/create`, label: t('access.addTask') },
    flags.canAddTrainingRecords &&
      hasLanded('training-records') && {
        key: 'training-record',
        to: `${base}/training-records/create`,
        label: t('access.addTrainingRecord'),
      },
  ].filter((b) => b !== false);

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        extra={
          buttons.length > 0 && (
            <Space wrap>
              {buttons.map((b) => (
                <Button key={b.key} type="primary" icon={<PlusOutlined />} onClick={() => void navigate(b.to)}>
                  {b.label}
                </Button>
              ))}
            </Space>
          )
        }
      />
      {/* The dashboard's widgets come with spec 03; until then it says so kindly. */}
      <Card>
        <Empty description={t('dashboard.empty')} />
      </Card>
    </>
  );
}
