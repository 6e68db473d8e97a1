import { ORGANIZATION_SELECTION_LIMIT } from '@qualis/contract';
import { Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationLogo } from './OrganizationLogo';
import { useOrganizationList } from './organizations.api';

/** The organization chooser: the person's active organizations (up to 100), each a way in. */
export function OrganizationCards() {
  const { t } = useTranslation();
  const list = useOrganizationList({
    limit: ORGANIZATION_SELECTION_LIMIT,
    offset: 0,
    orderBy: 'name',
    orderType: 'asc',
  });
  const active = list.data?.data.filter((o) => o.status === 'Active') ?? [];

  if (list.isPending) return <Spin />;
  if (active.length === 0) return <Empty description={t('userOrganizations.empty')} />;
  return (
    <ul className="qualis-org-cards">
      {active.map((organization) => (
        <li key={organization.id}>
          <Link to={`/organizations/${organization.id}/dashboard`}>
            <Card hoverable>
              <OrganizationLogo organization={organization} size={48} />
              <span className="qualis-org-cards__name">{organization.name}</span>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
