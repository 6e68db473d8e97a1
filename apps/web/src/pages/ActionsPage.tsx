import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { useAccessFlags } from '../features/access/access.api';
import { ActionsTable } from '../features/actions/ActionsTable';
import { actionsPath } from '../features/actions/action-paths';

/** /organizations/{id}/tasks: 'List of Actions' (spec 03 section 2); Add New with canAddTasks (Admins always). */
export default function ActionsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const { flags } = useAccessFlags(organizationId);
  const { success } = useSuccessToast();

  return (
    <>
      <PageHeader title={t('actions.breadcrumb')} />
      <Card
        title={t('actions.listTitle')}
        extra={
          flags.canAddTasks && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${actionsPath(organizationId)}/create`)}
            >
              {t('actions.addNew')}
            </Button>
          )
        }
      >
        <ActionsTable organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
