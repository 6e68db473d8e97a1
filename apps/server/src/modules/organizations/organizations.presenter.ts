import type { Organization } from '@qualis/contract';
import { imagePath } from '../users/users.presenter.js';
import type { OrganizationRow } from './organizations.repository.js';

export const presentOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  status: row.status,
  isManagedByClient: row.isManagedByClient,
  logo: row.logoFileId ? { originalPath: imagePath(row.logoFileId) } : null,
});
