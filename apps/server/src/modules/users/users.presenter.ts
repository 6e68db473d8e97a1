import type { SessionUser } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { summarizeMemberships } from './users.repository.js';

export const imagePath = (fileId: string) => `/api/v1/images/${fileId}`;

/** The person as the browser keeps them in its session (spec 01 section 3, "Session user"). */
export async function presentSessionUser(db: DbOrTx, user: UserRow): Promise<SessionUser> {
  const summary =
    user.role === 'SuperAdmin'
      ? { organizationCount: 0, firstOrganizationId: null }
      : await summarizeMemberships(db, user.id);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    newEmail: user.newEmail,
    role: user.role,
    ...summary,
    avatar: user.avatarFileId
      ? { compactPath: imagePath(user.avatarFileId), originalPath: imagePath(user.avatarFileId) }
      : null,
    emailNotificationState: user.emailNotificationState,
    language: user.language,
  };
}
