import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { useAccessFlags } from '../features/access/access.api';
import { DocumentsTable } from '../features/documents/DocumentsTable';
import { documentsPath } from '../features/documents/document-paths';

/** /organizations/{id}/documents: 'List of Documents' (spec 03 section 2); Add New with canAddDocuments (Admins always). */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const { flags } = useAccessFlags(organizationId);
  const { success } = useSuccessToast();

  return (
    <>
      <PageHeader title={t('documents.breadcrumb')} />
      <Card
        title={t('documents.listTitle')}
        extra={
          flags.canAddDocuments && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${documentsPath(organizationId)}/create`)}
            >
              {t('documents.addNew')}
            </Button>
          )
        }
      >
        <DocumentsTable organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
