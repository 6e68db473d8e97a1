import type { Organization } from '@qualis/contract';
import { Avatar } from 'antd';

export function OrganizationLogo({ organization, size = 40 }: { organization: Organization; size?: number }) {
  if (organization.logo) {
    return (
      <img className="qualis-org-logo" src={organization.logo.originalPath} alt={organization.name} height={size} />
    );
  }
  return (
    <Avatar shape="square" size={size} className="qualis-org-initial">
      {organization.name.trim()[0]?.toUpperCase()}
    </Avatar>
  );
}
