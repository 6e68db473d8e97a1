import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DocumentDetail } from '@qualis/contract';
import { Alert, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useSuccessToast } from '../components/useSuccessToast';
import { documentPath, type DocumentNavigationState } from '../features/documents/document-paths';
import { useDocument } from '../features/documents/documents.api';
import type { TrainingFromDocumentState } from '../features/documents/TrainingLink';
import { useSessionUser } from '../features/session/useSession';
import { TrainingForm } from '../features/training-records/TrainingForm';
import type { TrainingFormValues } from '../features/training-records/training-form';
import { useCreateTraining } from '../features/training-records/training-records.api';
import { trainingsPath } from '../features/training-records/training-paths';

/** How the banner and the link name the document: its Document ID, else its System #. */
const documentLabel = (d: DocumentDetail) => d.typeDescription || `#${d.number}`;

/**
 * A training for a document revision starts with the document's name, a link to the revision and
 * its controlled file (when the person may view its General tab).
 */
function defaultsFor(organizationId: string, d: DocumentDetail): Partial<TrainingFormValues> {
  return {
    name: d.name,
    link: documentPath(organizationId, d.id, d.revision),
    linkDescription: `${documentLabel(d)} ${d.name}`,
    fileIds: d.fileId ? [d.fileId] : [],
  };
}

/**
 * /organizations/{id}/training-records/create (spec 03 sections 2, 4 and 5). Saved or cancelled,
 * it goes back to the list. Opened by a document's 'Create & Link Training', it says which
 * revision the training will be linked to and starts from the document (name, link, controlled
 * file); saved, the person is back at that revision's Quality Actions, reading that the training
 * is linked.
 */
export default function TrainingRecordCreatePage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as Partial<TrainingFromDocumentState>;
  const user = useSessionUser();
  const { success } = useSuccessToast();
  const create = useCreateTraining(organizationId);
  const list = trainingsPath(organizationId);
  const linkedTo = state.document;
  const document = useDocument(organizationId, linkedTo?.id ?? '', linkedTo?.revision);
  const linked = document.data;
  // Where the person came from: the document the training is for, else the list.
  const back = (tab?: string) => {
    if (!linkedTo) return void navigate(list);
    const to: DocumentNavigationState = tab ? { tab } : {};
    return void navigate(documentPath(organizationId, linkedTo.id, linkedTo.revision), { state: to });
  };
  const extra = useMemo(
    () => (linkedTo ? { documentModel: { id: linkedTo.id, revision: linkedTo.revision } } : undefined),
    [linkedTo],
  );
  const defaults = useMemo(() => (linked ? defaultsFor(organizationId, linked) : undefined), [organizationId, linked]);

  return (
    <>
      <Link to={list}>
        <ArrowLeftOutlined aria-hidden /> {t('trainings.backToList')}
      </Link>
      <PageHeader title={t('trainings.createTitle')} />
      {linked && (
        <Alert
          type="info"
          showIcon
          className="qualis-form-note"
          title={t('trainings.linkedTo', { document: documentLabel(linked), revision: linked.revision })}
        />
      )}
      <Card>
        {linkedTo && document.isPending ? (
          <PageSpinner />
        ) : (
          <TrainingForm
            organizationId={organizationId}
            me={user}
            extra={extra}
            defaults={defaults}
            knownFiles={linked?.file ? [linked.file] : undefined}
            saving={create.isPending}
            onCancel={() => back()}
            onSubmit={(body) =>
              create.mutateAsync(body).then((answer) => {
                // Spec 03 section 4: back at the document's Quality Actions, the person reads that the training is linked.
                success(answer.message, linkedTo ? t('trainings.linked') : t('trainings.created'));
                back('quality');
              })
            }
          />
        )}
      </Card>
    </>
  );
}
