import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { documentPath } from '../features/documents/document-paths';
import type { TrainingFromDocumentState } from '../features/documents/TrainingLink';
import { useSessionUser } from '../features/session/useSession';
import { TrainingForm } from '../features/training-records/TrainingForm';
import { useCreateTraining } from '../features/training-records/training-records.api';
import { trainingsPath } from '../features/training-records/training-paths';

/**
 * /organizations/{id}/training-records/create (spec 03 sections 2 and 5). Saved or cancelled, it
 * goes back to the list; opened by a document's 'Create & Link Training', the training is linked to
 * that revision and the person goes back to that revision of the document.
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
  // Where the person came from: the document the training is for, else the list.
  const back = () =>
    linkedTo ? void navigate(documentPath(organizationId, linkedTo.id, linkedTo.revision)) : void navigate(list);
  const extra = useMemo(
    () => (linkedTo ? { documentModel: { id: linkedTo.id, revision: linkedTo.revision } } : undefined),
    [linkedTo],
  );

  return (
    <>
      <Link to={list}>
        <ArrowLeftOutlined aria-hidden /> {t('trainings.backToList')}
      </Link>
      <PageHeader title={t('trainings.createTitle')} />
      <Card>
        <TrainingForm
          organizationId={organizationId}
          me={user}
          extra={extra}
          saving={create.isPending}
          onCancel={back}
          onSubmit={(body) =>
            create.mutateAsync(body).then((answer) => {
              // Spec 03 section 4: back at the document, the person reads that the training is linked.
              if (linkedTo) success(undefined, t('trainings.linked'));
              else success(answer.message, t('trainings.created'));
              back();
            })
          }
        />
      </Card>
    </>
  );
}
