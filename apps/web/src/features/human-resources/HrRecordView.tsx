import type { HrRecord } from '@qualis/contract';
import { Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDownloadButton } from '../../components/FileDownloadButton';
import { documentPath } from '../documents/document-paths';
import { formatDate } from '../../shared/dates';
import { useSessionUser } from '../session/useSession';
import { HrStatusTag } from './HrStatusTag';
import { fetchCvFile } from './hr.api';

export interface HrRecordViewProps {
  organizationId: string;
  record: HrRecord;
}

/** A titled list of the record's links, or its empty text. */
function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section>
      <Typography.Title level={2} className="qualis-section-title">
        {title}
      </Typography.Title>
      {children.length ? (
        <ul className="qualis-plain-list qualis-hr-links">{children}</ul>
      ) : (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      )}
    </section>
  );
}

/**
 * An HR record, read-only (spec 03 sections 3 and 6): the person, their CV and tags, and what ties
 * them to the quality system: the documents they sign, the trainings they must pass (with the pass
 * date and the revision it was for) and their user groups, plain text for a regular user.
 */
export function HrRecordView({ organizationId, record }: HrRecordViewProps) {
  const { t, i18n } = useTranslation();
  const viewer = useSessionUser();
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const base = `/organizations/${organizationId}`;
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ');
  const cv = record.file;

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="middle"
        items={[
          { key: 'name', label: t('humanResources.fields.name'), children: name || none('—') },
          { key: 'email', label: t('humanResources.fields.email'), children: record.email },
          { key: 'role', label: t('humanResources.fields.role'), children: t(`roles.${record.role}`) },
          { key: 'status', label: t('humanResources.fields.status'), children: <HrStatusTag status={record.status} /> },
          {
            key: 'createdAt',
            label: t('humanResources.fields.createdAt'),
            children: formatDate(record.createdAt, i18n.language),
          },
          {
            key: 'activated',
            label: t('humanResources.fields.activated'),
            children: record.activated ? t('common.yes') : t('common.no'),
          },
          {
            key: 'file',
            label: t('humanResources.fields.file'),
            span: 'filled',
            children: cv ? (
              <FileDownloadButton
                fileName={cv.fileName}
                fetchFile={() => fetchCvFile(organizationId, record.id, cv.id)}
              />
            ) : (
              none(t('humanResources.noCv'))
            ),
          },
          {
            key: 'tags',
            label: t('humanResources.fields.tags'),
            span: 'filled',
            children: record.tags.length
              ? record.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>)
              : none(t('humanResources.noTags')),
          },
        ]}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Section title={t('humanResources.documents')} empty={t('humanResources.noDocuments')}>
            {record.documents.map((doc) => (
              <li key={doc.id}>
                <Link to={documentPath(organizationId, doc.id, doc.revision)}>
                  {t('humanResources.documentRevision', { number: doc.number, name: doc.name, revision: doc.revision })}
                </Link>{' '}
                {doc.roles.map((role) => (
                  <Tag key={role}>{t(`humanResources.documentRoles.${role}`)}</Tag>
                ))}
              </li>
            ))}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
          <Section title={t('humanResources.trainings')} empty={t('humanResources.noTrainings')}>
            {record.trainings.map((training) => (
              <li key={training.id}>
                <Link to={`${base}/training-records/${training.id}`}>{training.name}</Link>{' '}
                {training.trainingStatus === 1 ? (
                  <Tag color="success">{t('humanResources.trainingStatus.passed')}</Tag>
                ) : (
                  <Tag color="warning">{t('humanResources.trainingStatus.pending')}</Tag>
                )}
                {training.passedAt && (
                  <Typography.Text type="secondary">
                    {t('humanResources.passedOn', { date: formatDate(training.passedAt, i18n.language) })}
                    {training.revision !== null &&
                      ` · ${t('humanResources.forRevision', { revision: training.revision })}`}
                  </Typography.Text>
                )}
              </li>
            ))}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
          <Section title={t('humanResources.userGroups')} empty={t('humanResources.noUserGroups')}>
            {record.userGroups.map((group) => (
              <li key={group.id}>
                {viewer.role === 'User' ? (
                  group.name
                ) : (
                  <Link to={`${base}/user-groups/${group.id}`} state={{ groupName: group.name }}>
                    {group.name}
                  </Link>
                )}{' '}
                <Typography.Text type="secondary">
                  {t('humanResources.userCount', { count: group.userCount })}
                </Typography.Text>
              </li>
            ))}
          </Section>
        </Col>
      </Row>
    </Space>
  );
}
