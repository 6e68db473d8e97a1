import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.js';
import type { CsvColumn } from '../../core/exports.js';
import { readByKeyset, type KeysetPage } from '../../core/lists.js';
import { utc } from '../../core/record-pdf.js';
import { documentRevisions, documentSignatures, documents, organizationFiles } from '../../db/schema/index.js';
import { storedSha256 } from '../uploads/file-integrity.js';
import { verifiableFileFields, type VerifiableFile } from '../uploads/uploads.repository.js';
import { signatureMatches } from './document-signatures.policy.js';
import { fileOfRevision, revisionsOfDocument } from './document-visibility.js';

/**
 * The signatures manifest of the inspection package: every electronic signature of the
 * organization's documents (21 CFR 11.50: signer, meaning, time) with the SHA-256 of the file it
 * signed, and whether the revision's controlled file still matches it now (the rule of the
 * documents' signature tabs, `signatureMatches`, against the stored bytes, uploads/file-integrity.ts).
 */

function signatureRows(ctx: Pick<AppContext, 'database'>, organizationId: string) {
  const { db } = ctx.database;
  const select = (page: KeysetPage) =>
    db
      .select({
        number: documents.number,
        name: documentRevisions.name,
        revision: documentSignatures.revision,
        signatureCycle: documentSignatures.signatureCycle,
        meaning: documentSignatures.meaning,
        signerName: documentSignatures.signerName,
        signerEmail: documentSignatures.signerEmail,
        signedAt: documentSignatures.signedAt,
        comment: documentSignatures.comment,
        fileId: documentSignatures.fileId,
        fileSha256: documentSignatures.fileSha256,
        file: verifiableFileFields,
        fileName: organizationFiles.originalName,
        ...page.fields,
      })
      .from(documentSignatures)
      .innerJoin(
        documents,
        and(
          eq(documents.organizationId, documentSignatures.organizationId),
          eq(documents.id, documentSignatures.documentId),
        ),
      )
      .innerJoin(
        documentRevisions,
        and(revisionsOfDocument, eq(documentRevisions.revision, documentSignatures.revision)),
      )
      .innerJoin(organizationFiles, fileOfRevision)
      .where(and(eq(documentSignatures.organizationId, organizationId), page.where))
      .$dynamic();
  return readByKeyset<SignatureRow>(select, {
    sort: documentSignatures.signedAt,
    tiebreaker: documentSignatures.id,
    direction: 'asc',
    sortNotNull: true,
  });
}

interface SignatureRow {
  number: number;
  name: string;
  revision: number;
  signatureCycle: number;
  meaning: string;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  comment: string | null;
  fileId: string;
  fileSha256: string;
  file: VerifiableFile;
  fileName: string;
}

export type ManifestSignature = SignatureRow & { storedSha256: string | null; matches: boolean };

/** The signatures, oldest first, each with the hash of its revision's stored file now and whether it matches. */
export async function* organizationSignatures(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  organizationId: string,
): AsyncIterable<ManifestSignature> {
  for await (const row of signatureRows(ctx, organizationId)) {
    const stored = await storedSha256(ctx, row.file);
    const matches = signatureMatches(row, { id: row.file.id, sha256: row.file.sha256, storedSha256: stored });
    yield { ...row, storedSha256: stored, matches };
  }
}

export const SIGNATURE_MANIFEST_COLUMNS: CsvColumn<ManifestSignature>[] = [
  { key: 'document', header: 'Document', value: (s) => `${s.number} ${s.name}` },
  { key: 'revision', header: 'Revision', value: (s) => s.revision },
  { key: 'cycle', header: 'Signature cycle', value: (s) => s.signatureCycle },
  { key: 'signer', header: 'Signer', value: (s) => s.signerName },
  { key: 'signerEmail', header: 'Signer e-mail', value: (s) => s.signerEmail },
  { key: 'meaning', header: 'Meaning', value: (s) => s.meaning },
  { key: 'signedAt', header: 'Signed at', value: (s) => utc(s.signedAt) },
  { key: 'comment', header: 'Comment', value: (s) => s.comment },
  { key: 'fileSha256', header: 'Signed file SHA-256', value: (s) => s.fileSha256 },
  { key: 'file', header: "Revision's controlled file", value: (s) => s.fileName },
  { key: 'storedSha256', header: 'Stored file SHA-256', value: (s) => s.storedSha256 ?? 'missing' },
  { key: 'match', header: 'Match', value: (s) => (s.matches ? 'yes' : 'no') },
];
