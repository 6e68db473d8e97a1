import type { Organization } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { findImages } from '../uploads/uploads.repository.js';
import { imagePath } from '../users/users.presenter.js';
import type { OrganizationListRow, OrganizationRow } from './organizations.repository.js';

/** An organization as the spec's client reads it, with its logo's name and size. */
export const presentOrganizationRow = (row: OrganizationListRow): Organization => ({
  id: row.id,
  name: row.name,
  status: row.status,
  isManagedByClient: row.isManagedByClient,
  logo: row.logo
    ? { originalPath: imagePath(row.logo.id), originalFileName: row.logo.originalName, fileSize: row.logo.sizeBytes }
    : null,
  signingRequiresPassword: row.signingRequiresPassword,
  reviewReminderDays: row.reviewReminderDays,
});

/** One organization, its logo read by id. */
export async function presentOrganization(db: DbOrTx, row: OrganizationRow): Promise<Organization> {
  const [logo] = await findImages(db, row.logoFileId ? [row.logoFileId] : []);
  return presentOrganizationRow({ ...row, logo: logo ?? null });
}
