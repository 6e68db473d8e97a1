import { Breadcrumb, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { toastSuccess } from '../features/account/toast';
import { ActionForm } from '../features/actions/ActionForm';
import { useCreateAction } from '../features/actions/actions.api';
import { actionsPath } from '../features/actions/action-paths';
import { useSessionUser } from '../features/session/useSession';

/** /organizations/{id}/tasks/create (spec 03 sections 2 and 5); saved, it goes back to the list. */
export default function ActionCreatePage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const create = useCreateAction(organizationId);
  const list = actionsPath(organizationId);

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={list}>{t('actions.breadcrumb')}</Link> }, { title: t('actions.new') }]} />
      <PageHeader title={t('actions.createTitle')} />
      <Card>
        <ActionForm
          organizationId={organizationId}
          mode="create"
          me={user}
          saving={create.isPending}
          onCancel={() => void navigate(list)}
          onSubmit={(body) =>
            create.mutateAsync(body).then((answer) => {
              toastSuccess(answer.message || t('actions.created'));
              void navigate(list);
            })
          }
        />
      </Card>
    </>
  );
}
