import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DocumentDetail } from '@qualis/contract';
import { Card, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../shared/bridges';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { DocumentGeneralForm } from '../features/documents/DocumentGeneralForm';
import { QualityTasksForm } from '../features/documents/QualityTasks';
import { ReferencesEditor } from '../features/documents/References';
import { useCreateLinkedTraining, useMayCreateTraining } from '../features/documents/TrainingLink';
import {
  useCreateDocument,
  useDocumentMutations,
  type GeneralInput,
  type GeneralUpdateInput,
} from '../features/documents/documents.api';
import { documentsPath } from '../features/documents/document-paths';
import { useSessionUser } from '../features/session/useSession';

/**
 * /organizations/{id}/documents/create (spec 03 sections 2 and 5): General creates the document,
 * then Quality Actions and References are saved, then the list. The later steps wait for General.
 */
export default function DocumentCreatePage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { success } = useSuccessToast();
  const create = useCreateDocument(organizationId);
  const [created, setCreated] = useState<DocumentDetail | null>(null);
  const mutations = useDocumentMutations(organizationId, created?.id ?? '');
  const createLinkedTraining = useCreateLinkedTraining(organizationId);
  const mayCreateTraining = useMayCreateTraining(organizationId);
  const [step, setStep] = useState(0);
  const list = documentsPath(organizationId);

  const go = (next: number) => {
    if (next > 0 && !created) notify(t('documents.saveGeneralFirst'));
    else setStep(next);
  };

  return (
    <>
      <Link to={list}>
        <ArrowLeftOutlined aria-hidden /> {t('documents.backToList')}
      </Link>
      <PageHeader title={t('documents.createTitle')} />
      <Card>
        <Steps
          current={step}
          onChange={go}
          className="qualis-wizard-steps"
          items={[
            { title: t('documents.tabs.general') },
            { title: t('documents.tabs.quality') },
            { title: t('documents.tabs.references') },
          ]}
        />
        {step === 0 &&
          (created ? (
            <DocumentGeneralForm
              key={`edit-${created.id}`}
              organizationId={organizationId}
              mode="edit"
              document={created}
              me={user}
              saving={mutations.updateGeneral.isPending}
              onCancel={() => setStep(1)}
              cancelText={t('documents.next')}
              onSubmit={(body) =>
                mutations.updateGeneral.mutateAsync(body as GeneralUpdateInput).then((answer) => {
                  success(answer.message, t('documents.updated'));
                  setCreated(answer.data);
                  setStep(1);
                })
              }
            />
          ) : (
            <DocumentGeneralForm
              organizationId={organizationId}
              mode="create"
              me={user}
              saving={create.isPending}
              onSubmit={(body) =>
                create.mutateAsync(body as GeneralInput).then((answer) => {
                  success(answer.message, t('documents.created'));
                  setCreated(answer.data);
                  setStep(1);
                })
              }
            />
          ))}
        {step === 1 && created && (
          <QualityTasksForm
            organizationId={organizationId}
            revision={created.revision}
            initial={{
              reviewerIds: created.reviewerIds,
              approverIds: created.approverIds,
              requiresTraining: created.requiresTraining ?? false,
            }}
            known={[created.submitter ?? user, created.creator, user]}
            canEditSigners
            canEditTraining
            requireChange={false}
            saving={mutations.updateQualityTasks.isPending}
            onCancel={() => setStep(0)}
            cancelText={t('documents.back')}
            onCreateTraining={
              mayCreateTraining
                ? (values) =>
                    mutations.updateQualityTasks
                      .mutateAsync({ revision: created.revision, ...values, isCreating: true })
                      .then(() => createLinkedTraining(created, false))
                : undefined
            }
            onSubmit={(values) =>
              mutations.updateQualityTasks
                .mutateAsync({ revision: created.revision, ...values, isCreating: true })
                .then((answer) => {
                  success(answer.message, t('documents.qualitySaved'));
                  setCreated({ ...created, ...values });
                  setStep(2);
                })
            }
          />
        )}
        {step === 2 && created && (
          <ReferencesEditor
            organizationId={organizationId}
            saved={[]}
            saving={mutations.updateReferences.isPending}
            onCancel={() => setStep(1)}
            cancelText={t('documents.back')}
            onSubmit={(change) =>
              mutations.updateReferences.mutateAsync({ revision: created.revision, ...change }).then((answer) => {
                success(answer.message, t('documents.referencesSaved'));
                void navigate(list);
              })
            }
          />
        )}
      </Card>
    </>
  );
}
