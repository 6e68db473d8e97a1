import { CheckSquareOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Flex, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useLeaveFailedDetail } from '../components/useLeaveFailedDetail';
import { SectionTabs } from '../components/SectionTabs';
import { useSuccessToast } from '../components/useSuccessToast';
import { useSessionUser } from '../features/session/useSession';
import { CompletionProgress } from '../features/training-records/CompletionProgress';
import { PassTrainingForm } from '../features/training-records/PassTrainingForm';
import { TrainingForm } from '../features/training-records/TrainingForm';
import { TrainingStatusTag } from '../features/training-records/TrainingStatusTag';
import { TrainingView } from '../features/training-records/TrainingView';
import {
  useDeleteTrainings,
  usePassTraining,
  useTraining,
  useUpdateTraining,
} from '../features/training-records/training-records.api';
import { trainingsPath, type TrainingNavigationState } from '../features/training-records/training-paths';

type Mode = 'view' | 'edit' | 'pass';

/**
 * /organizations/{id}/training-records/{recordId} (spec 03 sections 2-5): 'Training record
 * details' in view, edit (canBeEdited) or pass (canBePassed) mode, and 'Completion progress'. A
 * failed load (not found, no access) goes back to the list, where the API client's toast says why.
 */
export default function TrainingRecordDetailPage() {
  const { t } = useTranslation();
  const { organizationId = '', recordId = '' } = useParams();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as TrainingNavigationState;
  const user = useSessionUser();
  const { success } = useSuccessToast();
  const training = useTraining(organizationId, recordId);
  const update = useUpdateTraining(organizationId, recordId);
  const pass = usePassTraining(organizationId, recordId);
  const remove = useDeleteTrainings(organizationId);
  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [result, setResult] = useState<{ passed: boolean; message: string } | null>(null);
  const list = trainingsPath(organizationId);
  const data = training.data;
  // The list's 'Edit' opens the edit mode when the training says it may be edited.
  const mode: Mode = chosenMode ?? (state.openEditMode && data?.canBeEdited ? 'edit' : 'view');

  useLeaveFailedDetail(training.isError, list);

  const open = (next: Mode) => {
    setResult(null);
    setMode(next);
  };

  const deleteTraining = () =>
    remove.mutate([recordId], {
      onSuccess: (answer) => {
        success(answer.message, t('trainings.deleted'));
        setDeleting(false);
        void navigate(list);
      },
    });

  const name = data?.name ?? state.name ?? '';
  const details = data && (
    <Flex vertical gap={16}>
      {mode === 'view' && (data.canBeEdited || data.canBePassed) && (
        <Space wrap>
          {data.canBePassed && (
            <Button type="primary" icon={<CheckSquareOutlined />} onClick={() => open('pass')}>
              {t('trainings.pass')}
            </Button>
          )}
          {data.canBeEdited && (
            <Button icon={<EditOutlined />} onClick={() => open('edit')}>
              {t('trainings.edit')}
            </Button>
          )}
        </Space>
      )}
      {mode === 'view' && result && (
        <Alert type={result.passed ? 'success' : 'warning'} showIcon title={result.message} />
      )}
      {mode === 'view' && <TrainingView organizationId={organizationId} training={data} />}
      {mode === 'edit' && (
        <TrainingForm
          organizationId={organizationId}
          training={data}
          me={user}
          saving={update.isPending}
          onCancel={() => open('view')}
          onSubmit={(body) =>
            update.mutateAsync(body).then((answer) => {
              success(answer.message, t('trainings.updated'));
              open('view');
            })
          }
        />
      )}
      {mode === 'pass' && (
        <PassTrainingForm
          training={data}
          saving={pass.isPending}
          onCancel={() => open('view')}
          onSubmit={(answers) =>
            pass.mutate(answers, {
              onSuccess: (answer) => {
                setMode('view');
                setResult({
                  passed: answer.passed,
                  message: answer.message || t(answer.passed ? 'trainings.passed' : 'trainings.notPassed'),
                });
              },
            })
          }
        />
      )}
    </Flex>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={list}>{t('trainings.breadcrumb')}</Link> }, { title: name }]} />
      <PageHeader
        title={name}
        extra={
          data && (
            <Space wrap>
              <TrainingStatusTag status={data.trainingStatus} />
              {data.canBeDeleted && (
                <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                  {t('trainings.deleteRecord')}
                </Button>
              )}
            </Space>
          )
        }
      />
      <Card>
        {!data ? (
          <PageSpinner />
        ) : (
          <SectionTabs
            items={[
              { key: 'details', label: t('trainings.tabs.details'), children: details },
              {
                key: 'progress',
                label: t('trainings.tabs.progress'),
                children: <CompletionProgress organizationId={organizationId} recordId={recordId} />,
              },
            ]}
          />
        )}
      </Card>
      <Modal
        open={deleting}
        title={t('trainings.deleteRecord')}
        okText={t('trainings.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setDeleting(false)}
        onOk={deleteTraining}
      >
        <Typography.Paragraph>{t('trainings.deleteRecordText', { name })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
