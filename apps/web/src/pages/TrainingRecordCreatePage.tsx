import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { documentPath } from '../features/documents/document-paths';
import { useSessionUser } from '../features/session/useSession';
import { TrainingForm } from '../features/training-records/TrainingForm';
import { useCreateTraining } from '../features/training-records/training-records.api';
import { trainingsPath, type TrainingCreateState } from '../features/training-records/training-paths';

/**
 * /organizations/{id}/training-records/create (spec 03 sections 2 and 5). Saved, it goes back to
 * the list; opened by a document's 'Create & Link Training', the training is linked to that
 * revision and the person goes back to the document, with the document page's state.
 */
export default function TrainingRecordCreatePage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as TrainingCreateState;
  const user = useSessionUser();
  const { success } = useSuccessToast();
  const create = useCreateTraining(organizationId);
  const list = trainingsPath(organizationId);
  const document = state.document;
  const extra = useMemo(
    () => (document ? { documentModel: { id: document.id, revision: document.revision } } : undefined),
    [document],
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
          onCancel={() => void navigate(list)}
          onSubmit={(body) =>
            create.mutateAsync(body).then((answer) => {
              if (document) {
                success(undefined, t('trainings.linked'));
                void navigate(documentPath(organizationId, document.id, document.revision), {
                  state: state.documentInfo,
                });
              } else {
                success(answer.message, t('trainings.created'));
                void navigate(list);
              }
            })
          }
        />
      </Card>
    </>
  );
}
