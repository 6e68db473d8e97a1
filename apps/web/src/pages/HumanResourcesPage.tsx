import { useTranslation } from 'react-i18next';
import { ListPage } from '../components/ListPage';
import { HumanResourcesTable } from '../features/human-resources/HumanResourcesTable';

/** /organizations/{id}/human-resources: the HR records of the organization (spec 03 section 2); Admins only. */
export default function HumanResourcesPage() {
  const { t } = useTranslation();
  return (
    <ListPage
      title={t('humanResources.breadcrumb')}
      listTitle={t('humanResources.listTitle')}
      List={HumanResourcesTable}
    />
  );
}
