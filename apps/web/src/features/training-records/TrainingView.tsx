import { CheckCircleFilled, TeamOutlined } from '@ant-design/icons';
import { answerLetter, type TrainingRecord } from '@qualis/contract';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDownloadButton } from '../../components/FileDownloadButton';
import { fileSizeText } from '../../components/FileUpload';
import { EnteredLink, useLinkText } from '../actions/EnteredLink';
import { documentPath } from '../documents/document-paths';
import { formatDate, formatTime } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { fetchTrainingFile } from './training-records.api';

const personText = (p: TrainingRecord['assigner']) => `${fullName(p)} (${p.email})`;

/**
 * The quiz as written. Which answers are correct shows only to people who may edit the training:
 * the server sends `isCorrect` to nobody else (decision 0020).
 */
function QuestionsView({ questions }: { questions: TrainingRecord['questions'] }) {
  const { t } = useTranslation();
  if (questions.length === 0) return <Typography.Text type="secondary">{t('trainings.noQuestions')}</Typography.Text>;
  return (
    <ol className="qualis-questions">
      {questions.map((q) => (
        <li key={q.id}>
          <Typography.Text strong className="qualis-pre-line">
            {q.name}
          </Typography.Text>
          <ul className="qualis-answers">
            {q.answers.map((a) => (
              <li key={a.id}>
                <Typography.Text strong>{answerLetter(a.number)}.</Typography.Text> {a.name}
                {a.isCorrect && (
                  <Tag color="green" icon={<CheckCircleFilled aria-hidden />} className="qualis-answer__correct">
                    {t('trainings.correctAnswer')}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** Every field of a training record, read-only (spec 03 sections 3 and 5). */
export function TrainingView({ organizationId, training }: { organizationId: string; training: TrainingRecord }) {
  const { t, i18n } = useTranslation();
  const linkText = useLinkText();
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const link = (href: string | null, description: string | null): ReactNode =>
    href ? <EnteredLink href={href}>{linkText(href, description)}</EnteredLink> : none(t('trainings.noLink'));
  const hasAssignees = training.assigneeUsers.length + training.assigneeUserGroups.length > 0;

  return (
    <Flex vertical gap={16}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="middle"
        items={[
          { key: 'number', label: t('trainings.fields.number'), children: training.number },
          {
            key: 'dueDate',
            label: t('trainings.fields.dueDate'),
            children: formatDate(training.dueDate, i18n.language),
          },
          { key: 'name', label: t('trainings.fields.name'), children: training.name, span: 'filled' },
          {
            key: 'description',
            label: t('trainings.fields.description'),
            children: <span className="qualis-pre-line">{training.description}</span>,
            span: 'filled',
          },
          { key: 'assigner', label: t('trainings.fields.assigner'), children: personText(training.assigner) },
          { key: 'creator', label: t('trainings.fields.creator'), children: personText(training.creator) },
          {
            key: 'creationDate',
            label: t('trainings.fields.creationDate'),
            children: formatDate(training.createdAt, i18n.language),
          },
          {
            key: 'creationTime',
            label: t('trainings.fields.creationTime'),
            children: formatTime(training.createdAt, i18n.language),
          },
          {
            key: 'assignees',
            label: t('trainings.fields.assignees'),
            span: 'filled',
            children: hasAssignees ? (
              <ul className="qualis-plain-list">
                {training.assigneeUsers.map((p) => (
                  <li key={p.id}>{personText(p)}</li>
                ))}
                {training.assigneeUserGroups.map((g) => (
                  <li key={g.id}>
                    <TeamOutlined aria-hidden /> {t('trainings.groupOption', { name: g.name, count: g.userCount })}
                  </li>
                ))}
              </ul>
            ) : (
              none(t('trainings.noAssignees'))
            ),
          },
          { key: 'link', label: t('trainings.fields.link'), children: link(training.link, training.linkDescription) },
          {
            key: 'extraLink',
            label: t('trainings.fields.extraLink'),
            children: link(training.extraLink, training.extraLinkDescription),
          },
          {
            key: 'files',
            label: t('trainings.fields.files'),
            span: 'filled',
            children: training.files.length
              ? training.files.map((f) => (
                  <div key={f.id}>
                    <FileDownloadButton
                      fileName={f.fileName}
                      fetchFile={() => fetchTrainingFile(organizationId, training.id, f.id)}
                    >
                      <Typography.Text type="secondary"> ({fileSizeText(f.fileSize)})</Typography.Text>
                    </FileDownloadButton>
                  </div>
                ))
              : none(t('trainings.noFiles')),
          },
          {
            key: 'tags',
            label: t('trainings.fields.tags'),
            span: 'filled',
            children: training.tags.length
              ? training.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>)
              : none(t('trainings.noTags')),
          },
          ...(training.documents.length
            ? [
                {
                  key: 'documents',
                  label: t('trainings.fields.documents'),
                  span: 'filled' as const,
                  children: (
                    <ul className="qualis-plain-list">
                      {training.documents.map((d) => (
                        <li key={`${d.id}-${d.revision}`}>
                          <Link to={documentPath(organizationId, d.id, d.revision)}>
                            {t('trainings.documentRevision', { name: d.name, revision: d.revision })}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]
            : []),
        ]}
      />
      <section aria-labelledby="training-questions">
        <Typography.Title level={2} id="training-questions" className="qualis-section-title">
          {t('trainings.fields.questions')}
        </Typography.Title>
        <QuestionsView questions={training.questions} />
      </section>
    </Flex>
  );
}
