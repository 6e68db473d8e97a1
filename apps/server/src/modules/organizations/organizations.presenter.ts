import type { Organization } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { findImages } from '../uploads/uploads.repository.js';
import { imagePath } from '../users/users.presenter.js';
import type { OrganizationRow } from './organizations.repository.js';

/** Organizations as the spec's client reads them, with their logos' names and sizes (one query). */
export async function presentOrganizations(db: DbOrTx, rows: OrganizationRow[]): Promise<Organization[]> {
  const logos = await findImages(
    db,
    rows.flatMap((row) => (row.logoFileId ? [row.logoFileId] : [])),
  );
  const logoById = new Map(logos.map((file) => [file.id, file]));
  return rows.map((row) => {
    const logo = row.logoFileId ? logoById.get(row.logoFileId) : undefined;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      isManagedByClient: row.isManagedByClient,
      logo: logo
        ? { originalPath: imagePath(logo.id), originalFileName: logo.originalName, fileSize: logo.sizeBytes }
        : null,
      signingRequiresPassword: row.signingRequiresPassword,
      reviewReminderDays: row.reviewReminderDays,
    };
  });
}

export const presentOrganization = async (db: DbOrTx, row: OrganizationRow): Promise<Organization> =>
  (await presentOrganizations(db, [row]))[0]!;
