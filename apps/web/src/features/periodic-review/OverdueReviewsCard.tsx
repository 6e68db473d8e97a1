import { Card, Col, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../shared/dates';
import { useOverdueReviews } from './periodic-review.api';

/**
 * The dashboard's 'Overdue reviews' card: an Admin's of every document they see, anyone else's of
 * the documents they are responsible for; shown to Admins always, to others when they have one.
 */
export function OverdueReviewsCard({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const overdue = useOverdueReviews(organizationId);
  const rows = overdue.data ?? [];
  if (!isAdmin && rows.length === 0) return null;
  const base = `/organizations/${organizationId}/documents`;
  return (
    <Col xs={24}>
      <Card
        className="qualis-dashboard__card"
        title={t('periodicReview.overdueTitle')}
        extra={<Link to={`${base}?reviewOverdue=true`}>{t('dashboard.viewAll')}</Link>}
      >
        <List
          size="small"
          loading={overdue.isPending}
          dataSource={rows}
          locale={{ emptyText: t('periodicReview.noOverdue') }}
          renderItem={(doc) => (
            <List.Item>
              <Link to={`${base}/${doc.id}`}>
                {doc.typeDescription ?? `#${doc.number}`} {doc.name}
              </Link>
              <Typography.Text type="danger">
                {t('periodicReview.dueSince', { date: formatDate(doc.nextReviewOn, i18n.language) })}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </Col>
  );
}
