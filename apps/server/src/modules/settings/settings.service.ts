import { type AuditInfoType } from '@qualis/contract';
import { eq } from 'drizzle-orm';
import { documentTypes, organizations, tags } from '../../db/schema/index.js';
import { recordAudit } from '../../core/audit.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { AppError, type PlainMessageKey } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../core/unique-violation.js';
import { documentTypeInUse } from '../documents/document-rows.repository.js';
import {
  deleteNamedEntry,
  insertNamedEntry,
  lockLogoCandidate,
  setImageOrganization,
  setOrganizationLogo,
  setOrganizationSigning,
  type NamedEntryTable,
} from './settings.repository.js';

/** Document types and tags: the same rules, their own table, audit info type and texts. */
export interface NamedEntryKind {
  table: NamedEntryTable;
  entityType: string;
  infoType: AuditInfoType;
  nameTaken: PlainMessageKey;
  created: PlainMessageKey;
  deleted: PlainMessageKey;
}

export const DOCUMENT_TYPES: NamedEntryKind = {
  table: documentTypes,
  entityType: 'documentType',
  infoType: 'Document Types',
  nameTaken: 'documentTypeNameTaken',
  created: 'documentTypeCreated',
  deleted: 'documentTypeDeleted',
};

export const TAGS: NamedEntryKind = {
  table: tags,
  entityType: 'tag',
  infoType: 'Tags',
  nameTaken: 'tagNameTaken',
  created: 'tagCreated',
  deleted: 'tagDeleted',
};

export async function createNamedEntry(ctx: ServiceContext, kind: NamedEntryKind, input: { name: string }) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const entry = { id: newId(), name: input.name, ...(kind === DOCUMENT_TYPES && { reviewIntervalMonths: null }) };
  try {
    await db.transaction(async (tx) => {
      await insertNamedEntry(tx, kind.table, { organizationId, ...entry });
      await recordAudit(tx, audit, {
        organizationId,
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

/**
 * Deletes a document type or tag. A document type that a document revision uses stays (the
 * check answers the usual case; the foreign key the race with a concurrent save).
 */
export async function removeNamedEntry(ctx: ServiceContext, kind: NamedEntryKind, input: { id: string }) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const inUse = () => AppError.conflict('documentTypeInUse');
  try {
    await db.transaction(async (tx) => {
      if (kind === DOCUMENT_TYPES && (await documentTypeInUse(tx, organizationId, input.id))) throw inUse();
      const removed = await deleteNamedEntry(tx, kind.table, organizationId, input.id);
      if (!removed) throw AppError.notFound();
      await recordAudit(tx, audit, {
        organizationId,
        infoType: kind.infoType,
        action: 'delete',
        entityType: kind.entityType,
        entityId: removed.id,
        before: { name: removed.name },
      });
    });
  } catch (error) {
    if (kind === DOCUMENT_TYPES && isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}

/**
 * Makes an image the caller uploaded the organization's logo; the file then belongs to the
 * organization. Another person's upload, a non-image or another organization's file: 404.
 */
export async function changeLogo(ctx: ServiceContext, input: { imageId: string }) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const previousFileId = ctx.access.organization.logoFileId;
  return db.transaction(async (tx) => {
    const file = await lockLogoCandidate(tx, input.imageId, { userId: ctx.access.actor.userId, organizationId });
    if (!file) throw AppError.notFound();
    await setImageOrganization(tx, file.id, organizationId);
    const organization = await setOrganizationLogo(tx, organizationId, file.id);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Logo',
      action: 'update',
      entityType: 'organization',
      entityId: organizationId,
      before: { logoFileId: previousFileId },
      after: { logoFileId: file.id, originalFileName: file.originalName, fileSize: file.sizeBytes },
    });
    return organization;
  });
}

/**
 * Switches the organization's password at signing on or off: with it on, every review and
 * approval also asks the signer's password (document-signatures.service.ts). Audited with the
 * value before and after.
 */
export async function changeSigningSetting(ctx: ServiceContext, input: { signingRequiresPassword: boolean }) {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ signingRequiresPassword: organizations.signingRequiresPassword })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const organization = await setOrganizationSigning(tx, organizationId, input.signingRequiresPassword);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Organizations',
      action: 'update',
      entityType: 'organization',
      entityId: organizationId,
      before: { signingRequiresPassword: before?.signingRequiresPassword ?? null },
      after: { signingRequiresPassword: organization.signingRequiresPassword },
    });
    return organization;
  });
}
