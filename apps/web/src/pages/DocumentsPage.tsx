import { useTranslation } from 'react-i18next';
import { ListPage } from '../components/ListPage';
import { DocumentsTable } from '../features/documents/DocumentsTable';
import { documentsPath } from '../features/documents/document-paths';

/** /organizations/{id}/documents: 'List of Documents' (spec 03 section 2); Add New with canAddDocuments (Admins always). */
export default function DocumentsPage() {
  const { t } = useTranslation();
  return (
    <ListPage
      title={t('documents.breadcrumb')}
      listTitle={t('documents.listTitle')}
      addNew={{ label: t('documents.addNew'), allowedBy: 'canAddDocuments', listPath: documentsPath }}
      List={DocumentsTable}
    />
  );
}
