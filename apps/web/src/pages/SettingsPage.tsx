import { Col, Row, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../shared/bridges';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useAccessFlags } from '../features/access/access.api';
import { useSuccessToast } from '../components/useSuccessToast';
import { useOrganization } from '../features/organizations/organizations.api';
import { LogoCard } from '../features/settings/LogoCard';
import { NamedEntriesCard } from '../features/settings/NamedEntriesCard';
import { InspectionPackageCard } from '../features/settings/InspectionPackageCard';
import { SigningCard } from '../features/settings/SigningCard';
import { PeriodicReviewCard } from '../features/periodic-review/PeriodicReviewCard';
import { useSessionUser } from '../features/session/useSession';

/** /organizations/{id}/setting (spec 02 section 2, "Organization settings page"). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const access = useAccessFlags(organizationId);
  const organization = useOrganization(organizationId);
  const { success } = useSuccessToast();
  // The signing setting and 'Export everything' are the Admins' and the SuperAdmin's (not
  // `Permission.ManageOrganizationSettings`'s): the server's rules.
  const mayChangeSigning = useSessionUser().role !== 'User';
  const denied = !access.isLoading && !access.flags.canManageOrganization;

  // Without the manage-settings permission: an error toast and the organization chooser.
  useEffect(() => {
    if (!denied) return;
    notify(t('errors.accessDenied'));
    void navigate('/user-organizations', { replace: true });
  }, [denied, navigate, t]);

  if (access.isLoading || denied || !organization.data) return <PageSpinner />;

  return (
    <>
      <PageHeader title={t('settings.title', { name: organization.data.name })} />
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <LogoCard organization={organization.data} onSuccess={success} />
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={12}>
            <NamedEntriesCard organizationId={organizationId} kind="document-types" onSuccess={success} />
          </Col>
          <Col xs={24} lg={12}>
            <NamedEntriesCard organizationId={organizationId} kind="tags" onSuccess={success} />
          </Col>
        </Row>
        <PeriodicReviewCard organization={organization.data} onSuccess={success} />
        {mayChangeSigning && <SigningCard organization={organization.data} onSuccess={success} />}
        {mayChangeSigning && <InspectionPackageCard organizationId={organizationId} onSuccess={success} />}
      </Space>
    </>
  );
}
