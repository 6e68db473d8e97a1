import type { AuditReview } from '@qualis/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates';
import { REVIEWS_PAGE_SIZE, useAuditReviews, type TrailOwner } from './audit-trail.api';
import { filterLines } from './filter-lines';

/** The trail's past reviews, newest first: who reviewed which range, when, and what they noted. */
export function AuditReviews({ owner }: { owner: TrailOwner }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const reviews = useAuditReviews(owner, page);
  const range = (r: AuditReview) =>
    [
      filterLines(r.filters, t).join('; ') || t('auditTrail.allEvents'),
      t('auditTrail.reviews.upTo', { seq: r.upToSeq }),
    ].join(', ');
  return (
    <Table<AuditReview>
      size="small"
      rowKey="id"
      loading={reviews.isFetching}
      dataSource={reviews.data?.data ?? []}
      locale={{ emptyText: t('auditTrail.reviews.empty') }}
      pagination={{
        current: page,
        pageSize: REVIEWS_PAGE_SIZE,
        total: reviews.data?.pagination.totalCount ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
      columns={[
        {
          key: 'reviewedAt',
          title: t('auditTrail.reviews.reviewedAt'),
          render: (_, r) => formatDateTime(r.reviewedAt, i18n.language, 'UTC'),
        },
        { key: 'reviewer', title: t('auditTrail.reviews.reviewer'), dataIndex: 'reviewerEmail' },
        { key: 'range', title: t('auditTrail.reviews.range'), render: (_, r) => range(r) },
        { key: 'events', title: t('auditTrail.reviews.events'), dataIndex: 'eventCount' },
        { key: 'comment', title: t('auditTrail.reviews.comment'), render: (_, r) => r.comment ?? '' },
      ]}
    />
  );
}
