import { useTranslation } from 'react-i18next';
import { ListPage } from '../components/ListPage';
import { ActionsTable } from '../features/actions/ActionsTable';
import { actionsPath } from '../features/actions/action-paths';

/** /organizations/{id}/tasks: 'List of Actions' (spec 03 section 2); Add New with canAddTasks (Admins always). */
export default function ActionsPage() {
  const { t } = useTranslation();
  return (
    <ListPage
      title={t('actions.breadcrumb')}
      listTitle={t('actions.listTitle')}
      addNew={{ label: t('actions.addNew'), allowedBy: 'canAddTasks', listPath: actionsPath }}
      List={ActionsTable}
    />
  );
}
