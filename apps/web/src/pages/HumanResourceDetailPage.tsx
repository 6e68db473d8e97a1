import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useLeaveFailedDetail } from '../components/useLeaveFailedDetail';
import { useSuccessToast } from '../components/useSuccessToast';
import { HrRecordForm } from '../features/human-resources/HrRecordForm';
import { HrRecordView } from '../features/human-resources/HrRecordView';
import { useDeleteHrRecords, useHrRecord, useUpdateHrRecord } from '../features/human-resources/hr.api';
import {
  humanResourcesLandingPath,
  humanResourcesPath,
  type HumanResourceNavigationState,
} from '../features/human-resources/hr-paths';
import { fullName } from '../features/people/row-actions';
import { useSessionUser } from '../features/session/useSession';

/**
 * /organizations/{id}/human-resources/{resourceId} (spec 03 sections 2, 6 and 7): the record in view
 * mode; 'Edit' (canBeEdited, or any viewer but a regular user) opens the CV and tags, also straight
 * from the list's 'Edit'; 'Delete' with canBeDeleted. A failed load goes back to the list, where
 * the API client's toast says why (a User, who has no list, goes to the dashboard).
 */
export default function HumanResourceDetailPage() {
  const { t } = useTranslation();
  const { organizationId = '', resourceId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as HumanResourceNavigationState;
  const viewer = useSessionUser();
  const record = useHrRecord(organizationId, resourceId);
  const update = useUpdateHrRecord(organizationId, resourceId);
  const remove = useDeleteHrRecords(organizationId);
  const { success } = useSuccessToast();
  const [chosenMode, setMode] = useState<'view' | 'edit' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = humanResourcesPath(organizationId);
  const data = record.data;
  const canEdit = data !== undefined && (data.canBeEdited || viewer.role !== 'User');
  const mode = chosenMode ?? (state.edit && canEdit ? 'edit' : 'view');

  useLeaveFailedDetail(record.isError, humanResourcesLandingPath(organizationId, viewer.role));

  const name = data ? fullName(data) : (state.name ?? '');
  const deleteRecord = () =>
    remove.mutate([resourceId], {
      onSuccess: (answer) => {
        success(answer.message, t('humanResources.deleted'));
        void navigate(list, { replace: true });
      },
    });

  const buttons = mode === 'view' && data && (
    <Space wrap>
      {canEdit && (
        <Button type="primary" icon={<EditOutlined />} onClick={() => setMode('edit')}>
          {t('humanResources.edit')}
        </Button>
      )}
      {data.canBeDeleted && (
        <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
          {t('humanResources.delete')}
        </Button>
      )}
    </Space>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={list}>{t('humanResources.breadcrumb')}</Link> }, { title: name }]} />
      <PageHeader title={name} extra={buttons} />
      <Card>
        {!data ? (
          <PageSpinner />
        ) : mode === 'view' ? (
          <HrRecordView organizationId={organizationId} record={data} />
        ) : (
          <HrRecordForm
            organizationId={organizationId}
            record={data}
            saving={update.isPending}
            onCancel={() => setMode('view')}
            onSubmit={(input) =>
              update.mutateAsync(input).then((answer) => {
                success(answer.message, t('humanResources.edited'));
                setMode('view');
              })
            }
          />
        )}
      </Card>
      <Modal
        open={confirming}
        title={t('humanResources.deleteTitle')}
        okText={t('humanResources.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setConfirming(false)}
        onOk={deleteRecord}
      >
        <Typography.Paragraph>{t('humanResources.deleteOne', { name })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
