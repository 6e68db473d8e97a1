import { utc } from './record-pdf.js';

// A signature as an audit event holds it (a withdrawal's `signature`, a deleted document's
// `signatures`): read as the sentence a signature manifestation is (21 CFR 11.50), not as JSON.

/** The values of a signature row as written into an event. */
export interface RecordedSignature {
  meaning: string;
  signerName: string;
  signedAt: string;
  signerEmail?: unknown;
  comment?: unknown;
  fileId?: unknown;
  fileSha256?: unknown;
}

export const isRecordedSignature = (v: unknown): v is RecordedSignature =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecordedSignature).meaning === 'string' &&
  typeof (v as RecordedSignature).signerName === 'string' &&
  typeof (v as RecordedSignature).signedAt === 'string';

/**
 * 'Withdrawn by Grace Hopper (grace@acme.test), 2026-11-26 09:01:02 UTC: “Replaced by SOP-14”;
 * file sop.pdf, SHA-256 6f1e…': the file by its name (`fileName`, as the event's ids are named).
 */
export function signatureSentence(s: RecordedSignature, fileName: (id: string) => string): string {
  const email = typeof s.signerEmail === 'string' && s.signerEmail ? ` (${s.signerEmail})` : '';
  const comment = typeof s.comment === 'string' && s.comment ? `: “${s.comment}”` : '';
  const file = typeof s.fileId === 'string' ? `; file ${fileName(s.fileId)}` : '';
  const sha = typeof s.fileSha256 === 'string' && s.fileSha256 ? `, SHA-256 ${s.fileSha256}` : '';
  return `${s.meaning} by ${s.signerName}${email}, ${utc(new Date(s.signedAt))}${comment}${file}${sha}`;
}
