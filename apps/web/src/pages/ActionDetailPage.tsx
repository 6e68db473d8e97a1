import { EditOutlined } from '@ant-design/icons';
import { localActionName } from '@qualis/contract';
import { Breadcrumb, Button, Card, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useLeaveFailedDetail } from '../components/useLeaveFailedDetail';
import { useSuccessToast } from '../components/useSuccessToast';
import { ActionForm, type ActionFormMode } from '../features/actions/ActionForm';
import { ActionView } from '../features/actions/ActionView';
import { useAction, useUpdateAction } from '../features/actions/actions.api';
import { actionsPath, type ActionNavigationState } from '../features/actions/action-paths';
import { useSessionUser } from '../features/session/useSession';

/**
 * /organizations/{id}/tasks/{taskId} (spec 03 sections 2-5): the action in view mode; 'Edit' (with
 * canBeEdited) opens every field, 'Change status' (canChangeStatus alone) the status. A failed load
 * (not found, no access) goes back to the list, where the API client's toast says why.
 */
export default function ActionDetailPage() {
  const { t, i18n } = useTranslation();
  const { organizationId = '', taskId = '' } = useParams();
  const location = useLocation();
  const state = (location.state ?? {}) as ActionNavigationState;
  const user = useSessionUser();
  const action = useAction(organizationId, taskId);
  const update = useUpdateAction(organizationId, taskId);
  const { success } = useSuccessToast();
  const [chosenMode, setMode] = useState<ActionFormMode | 'view' | null>(null);
  const list = actionsPath(organizationId);
  const data = action.data;
  // The list's 'Edit' opens the edit mode when the action says it may be edited.
  const mode = chosenMode ?? (state.edit && data?.canBeEdited ? 'edit' : 'view');

  useLeaveFailedDetail(action.isError, list);

  const name = (data && localActionName(data, i18n.language)) ?? state.name ?? '';
  const editButton =
    mode === 'view' && data?.canBeEdited ? (
      <Button type="primary" icon={<EditOutlined />} onClick={() => setMode('edit')}>
        {t('actions.edit')}
      </Button>
    ) : mode === 'view' && data?.canChangeStatus ? (
      <Button type="primary" icon={<EditOutlined />} onClick={() => setMode('status')}>
        {t('actions.changeStatus')}
      </Button>
    ) : null;

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={list}>{t('actions.breadcrumb')}</Link> }, { title: name }]} />
      <PageHeader title={name} extra={editButton} />
      <Card>
        {!data ? (
          <PageSpinner />
        ) : mode === 'view' ? (
          <ActionView action={data} />
        ) : (
          <>
            {/* A status-only edit keeps the action in sight above its one field. */}
            {mode === 'status' && <ActionView action={data} />}
            {mode === 'status' && <Divider />}
            <ActionForm
              key={mode}
              organizationId={organizationId}
              mode={mode}
              action={data}
              me={user}
              saving={update.isPending}
              onCancel={() => setMode('view')}
              onSubmit={(body) =>
                update.mutateAsync({ ...body, status: body.status ?? data.status }).then((answer) => {
                  success(answer.message, t('actions.updated'));
                  setMode('view');
                })
              }
            />
          </>
        )}
      </Card>
    </>
  );
}
