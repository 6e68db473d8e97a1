import { messages, type AuditInfoType } from '@qualis/contract';
import type { Db } from '../../db/client.js';
import { documentTypes, tags } from '../../db/schema/index.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import {
  deleteNamedEntry,
  insertNamedEntry,
  lockLogoCandidate,
  setImageOrganization,
  setOrganizationLogo,
  type NamedEntryTable,
} from './settings.repository.js';

/** Document types and tags: the same rules, their own table, audit info type and texts. */
export interface NamedEntryKind {
  table: NamedEntryTable;
  entityType: string;
  infoType: AuditInfoType;
  nameTaken: string;
  created: string;
  deleted: string;
}

export const DOCUMENT_TYPES: NamedEntryKind = {
  table: documentTypes,
  entityType: 'documentType',
  infoType: 'Document Types',
  nameTaken: messages.documentTypeNameTaken,
  created: messages.documentTypeCreated,
  deleted: messages.documentTypeDeleted,
};

export const TAGS: NamedEntryKind = {
  table: tags,
  entityType: 'tag',
  infoType: 'Tags',
  nameTaken: messages.tagNameTaken,
  created: messages.tagCreated,
  deleted: messages.tagDeleted,
};

export async function createNamedEntry(
  db: Db,
  actor: AuditActor,
  kind: NamedEntryKind,
  input: { organizationId: string; name: string },
) {
  const entry = { id: newId(), name: input.name };
  try {
    await db.transaction(async (tx) => {
      await insertNamedEntry(tx, kind.table, { organizationId: input.organizationId, ...entry });
      await recordAudit(tx, actor, {
        organizationId: input.organizationId,
        infoType: kind.infoType,
        action: 'create',
        entityType: kind.entityType,
        entityId: entry.id,
        after: { name: entry.name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(kind.nameTaken, 'name');
    throw error;
  }
  return entry;
}

export async function removeNamedEntry(
  db: Db,
  actor: AuditActor,
  kind: NamedEntryKind,
  input: { organizationId: string; id: string },
) {
  await db.transaction(async (tx) => {
    const removed = await deleteNamedEntry(tx, kind.table, input.organizationId, input.id);
    if (!removed) throw AppError.notFound();
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      infoType: kind.infoType,
      action: 'delete',
      entityType: kind.entityType,
      entityId: removed.id,
      before: { name: removed.name },
    });
  });
}

/**
 * Makes an image the caller uploaded the organization's logo; the file then belongs to the
 * organization. Another person's upload, a non-image or another organization's file: 404.
 */
export async function changeLogo(
  db: Db,
  actor: AuditActor & { userId: string },
  input: { organizationId: string; imageId: string; previousFileId: string | null },
) {
  return db.transaction(async (tx) => {
    const file = await lockLogoCandidate(tx, input.imageId, {
      userId: actor.userId,
      organizationId: input.organizationId,
    });
    if (!file) throw AppError.notFound();
    await setImageOrganization(tx, file.id, input.organizationId);
    const organization = await setOrganizationLogo(tx, input.organizationId, file.id);
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      infoType: 'Logo',
      action: 'update',
      entityType: 'organization',
      entityId: input.organizationId,
      before: { logoFileId: input.previousFileId },
      after: { logoFileId: file.id, originalFileName: file.originalName, fileSize: file.sizeBytes },
    });
    return organization;
  });
}
