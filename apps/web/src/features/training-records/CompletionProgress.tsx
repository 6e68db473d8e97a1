import { DEFAULT_PAGE_SIZE, type CompletionProgress as Progress } from '@qualis/contract';
import { Button, Flex, Result, Spin, Table, Typography, type TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { useCompletionProgress } from './training-records.api';

type Entry = Progress['passedTrainingUsers'][number];

/**
 * 'Completion progress' (spec 03 sections 2 and 4): who passed the training in its current round
 * (when, after how many attempts, for which document revision) and who has still to, each list
 * paged on its own (a group training has thousands of people).
 */
export function CompletionProgress({ organizationId, recordId }: { organizationId: string; recordId: string }) {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState({ passedOffset: 0, pendingOffset: 0 });
  const progress = useCompletionProgress(organizationId, recordId, pages);
  const pagination = (offset: number, total: number, key: keyof typeof pages): TablePaginationConfig => ({
    current: Math.floor(offset / DEFAULT_PAGE_SIZE) + 1,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    hideOnSinglePage: true,
    showSizeChanger: false,
    onChange: (page) => setPages((now) => ({ ...now, [key]: (page - 1) * DEFAULT_PAGE_SIZE })),
  });
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const name = (e: Entry) => (
    <>
      {fullName(e.user)} <Typography.Text type="secondary">({e.user.email})</Typography.Text>
    </>
  );

  if (progress.isPending) return <Spin className="qualis-dashboard__state" />;
  if (progress.isError) {
    return (
      <Result
        status="warning"
        subTitle={t('trainings.progressFailed')}
        extra={<Button onClick={() => void progress.refetch()}>{t('table.retry')}</Button>}
      />
    );
  }
  const { passedTrainingUsers, pendingUsers, passedTotalCount, pendingTotalCount } = progress.data;
  const revision = (e: Entry) => e.attempts.find((a) => a.passed)?.forRevision;

  return (
    <Flex vertical gap={24}>
      <section aria-labelledby="training-passed">
        <Typography.Title level={2} id="training-passed" className="qualis-section-title">
          {t('trainings.passedTitle', { count: passedTotalCount })}
        </Typography.Title>
        <Table<Entry>
          size="small"
          rowKey={(e) => e.user.id}
          pagination={pagination(pages.passedOffset, passedTotalCount, 'passedOffset')}
          loading={progress.isPlaceholderData}
          scroll={{ x: 'max-content' }}
          dataSource={passedTrainingUsers}
          locale={{ emptyText: t('trainings.nonePassed') }}
          columns={[
            { key: 'name', title: t('trainings.progress.name'), render: (_, e) => name(e) },
            { key: 'passedAt', title: t('trainings.progress.passedAt'), render: (_, e) => when(e.passedAt) },
            { key: 'attempts', title: t('trainings.progress.attempts'), render: (_, e) => e.attempts.length },
            {
              key: 'revision',
              title: t('trainings.progress.forRevision'),
              render: (_, e) => {
                const document = revision(e);
                return document
                  ? t('trainings.documentRevision', { name: document.name, revision: document.revision })
                  : '';
              },
            },
          ]}
        />
      </section>
      <section aria-labelledby="training-pending">
        <Typography.Title level={2} id="training-pending" className="qualis-section-title">
          {t('trainings.pendingTitle', { count: pendingTotalCount })}
        </Typography.Title>
        <Table<Entry>
          size="small"
          rowKey={(e) => e.user.id}
          pagination={pagination(pages.pendingOffset, pendingTotalCount, 'pendingOffset')}
          loading={progress.isPlaceholderData}
          scroll={{ x: 'max-content' }}
          dataSource={pendingUsers}
          locale={{ emptyText: t('trainings.nonePending') }}
          columns={[
            { key: 'name', title: t('trainings.progress.name'), render: (_, e) => name(e) },
            {
              key: 'assignedAt',
              title: t('trainings.progress.assignedAt'),
              render: (_, e) => when(e.assignedAt ?? e.passedAt),
            },
            { key: 'attempts', title: t('trainings.progress.attempts'), render: (_, e) => e.attempts.length },
          ]}
        />
      </section>
    </Flex>
  );
}
