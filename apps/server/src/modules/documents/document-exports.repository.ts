import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentRevisionFiles,
  documentRevisionSigners,
  documentRevisions,
  documentSignatures,
  documentTypes,
  documents,
  organizationFiles,
  users,
  type DocumentSignerRole,
} from '../../db/schema/index.js';
import {
  documentsVisibleTo,
  fileOfRevision,
  revisionsOfDocument,
  revisionsVisibleTo,
  typeOfRevision,
} from './document-visibility.js';

/**
 * The reads of the documents' exports, controlled copies and history (document-exports.routes.ts).
 * Every read of a document goes through the module's visibility predicates
 * (`documentsVisibleTo`, `revisionsVisibleTo`), so an export never holds what the person may not
 * open (docs/decisions/0018-documents.md, "Who sees what").
 */

const responsible = alias(users, 'responsible');

/** Every revision of a visible document that the person may open, the highest first. */
export function listVisibleRevisions(db: DbOrTx, access: OrganizationAccess, documentId: string) {
  return db
    .select({
      revision: documentRevisions.revision,
      revisionName: documentRevisions.revisionName,
      revisionDescription: documentRevisions.revisionDescription,
      reasonForChange: documentRevisions.reasonForChange,
      name: documentRevisions.name,
      type: documentTypes.name,
      typeDescription: documentRevisions.typeDescription,
      status: documentRevisions.status,
      isFinal: documentRevisions.isFinal,
      createdAt: documentRevisions.createdAt,
      reviewedAt: documentRevisions.reviewedAt,
      approvedAt: documentRevisions.approvedAt,
      finalAt: documentRevisions.finalAt,
      fileName: organizationFiles.originalName,
      fileId: documentRevisions.fileId,
      fileSha256: organizationFiles.sha256,
      submitterId: documentRevisions.submitterId,
      responsible: {
        firstName: responsible.firstName,
        lastName: responsible.lastName,
        email: responsible.email,
      },
    })
    .from(documents)
    .innerJoin(documentRevisions, revisionsOfDocument)
    .innerJoin(documentTypes, typeOfRevision)
    .innerJoin(organizationFiles, fileOfRevision)
    .innerJoin(responsible, eq(responsible.id, documentRevisions.submitterId))
    .where(
      and(
        documentsVisibleTo(access),
        eq(documents.id, documentId),
        revisionsVisibleTo(access, documentRevisions.effectiveAt),
      ),
    )
    .orderBy(desc(documentRevisions.revision));
}
export type VisibleRevisionRow = Awaited<ReturnType<typeof listVisibleRevisions>>[number];

/** The named reviewers and approvers of the given revisions, by revision, in the order they were named. */
export function listSignersOf(db: DbOrTx, organizationId: string, documentId: string, revisions: number[]) {
  if (revisions.length === 0) return Promise.resolve([]);
  return db
    .select({
      revision: documentRevisionSigners.revision,
      role: documentRevisionSigners.role,
      userId: documentRevisionSigners.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(documentRevisionSigners)
    .innerJoin(users, eq(users.id, documentRevisionSigners.userId))
    .where(
      and(
        eq(documentRevisionSigners.organizationId, organizationId),
        eq(documentRevisionSigners.documentId, documentId),
        inArray(documentRevisionSigners.revision, revisions),
      ),
    )
    .orderBy(desc(documentRevisionSigners.revision), asc(documentRevisionSigners.assignedAt), asc(users.id));
}
export type SignerOfRow = Awaited<ReturnType<typeof listSignersOf>>[number] & { role: DocumentSignerRole };

/** Every signature of the given revisions, all signature cycles, the highest revision first, then in signing order. */
export function listSignaturesOf(db: DbOrTx, organizationId: string, documentId: string, revisions: number[]) {
  if (revisions.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documentSignatures)
    .where(
      and(
        eq(documentSignatures.organizationId, organizationId),
        eq(documentSignatures.documentId, documentId),
        inArray(documentSignatures.revision, revisions),
      ),
    )
    .orderBy(desc(documentSignatures.revision), asc(documentSignatures.signedAt), asc(documentSignatures.id));
}
export type SignatureOfRow = Awaited<ReturnType<typeof listSignaturesOf>>[number];

/**
 * The controlled file and the extra files of one revision with where their bytes are: the
 * controlled file first, then the extra files in their order.
 */
export function listRevisionFilesOf(db: DbOrTx, organizationId: string, documentId: string, revision: number) {
  const extra = db
    .select({
      fileId: documentRevisionFiles.fileId,
      position: sql<number>`${documentRevisionFiles.position} + 1`.as('position'),
    })
    .from(documentRevisionFiles)
    .where(
      and(
        eq(documentRevisionFiles.organizationId, organizationId),
        eq(documentRevisionFiles.documentId, documentId),
        eq(documentRevisionFiles.revision, revision),
      ),
    );
  const controlled = db
    .select({ fileId: documentRevisions.fileId, position: sql<number>`0`.as('position') })
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.organizationId, organizationId),
        eq(documentRevisions.documentId, documentId),
        eq(documentRevisions.revision, revision),
      ),
    );
  const attached = controlled.unionAll(extra).as('attached');
  return db
    .select({
      position: attached.position,
      originalName: organizationFiles.originalName,
      storageKey: organizationFiles.storageKey,
    })
    .from(attached)
    .innerJoin(
      organizationFiles,
      and(eq(organizationFiles.organizationId, organizationId), eq(organizationFiles.id, attached.fileId)),
    )
    .orderBy(asc(attached.position));
}
