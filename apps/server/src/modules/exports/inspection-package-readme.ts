import type { ChainVerification } from '../../core/audit.js';
import { MANIFEST_NAME } from '../../core/manifested-zip.js';
import { utc, type PdfLetterhead, type PdfRecord } from '../../core/record-pdf.js';
import { chainVerificationText } from '../organizations/audit-chains.js';
import type { PackageCounts } from './inspection-package-contents.js';

/** Where each kind of record is in the package (docs/api.md, "The inspection package"). */
const LAYOUT: [string, string][] = [
  ['Documents/Documents.csv', 'The documents list, one row per document'],
  [
    'Documents/<System #> <name>/',
    "The document's record PDF; 'Revision <n>/' holds that revision's controlled file, 'Revision <n>/Extra files/' its extra files",
  ],
  ['Actions/', 'Actions.csv and one record PDF per action'],
  ['Trainings/', 'Trainings.csv and one record PDF per training (versions, assignees and every attempt)'],
  ['HR records/', "HR records.csv and one record PDF per person's HR record"],
  [
    'Audit trail.csv',
    "Every event of the organization's audit trail, readable Changes column, chain verification last",
  ],
  [
    'Signatures.csv',
    'Every electronic signature: signer, meaning, time, file SHA-256 and whether the file still matches',
  ],
  [MANIFEST_NAME, 'The SHA-256 of every other file in the package (check with: sha256sum -c MANIFEST.sha256)'],
];

/**
 * README.pdf: whose records, when and by whom exported, how many of each, the audit chain's
 * verification and latest seal, and where things are. `files` counts the package's files but the
 * manifest.
 */
export function inspectionPackageReadme(
  head: PdfLetterhead,
  counts: PackageCounts,
  chain: ChainVerification,
  files: number,
): PdfRecord {
  const mismatched = counts.signatures - counts.signaturesMatching;
  const seal = chain.seal;
  const count = (label: string, value: number | string, alert = false) => ({ label, value: String(value), alert });
  return {
    title: 'Inspection package',
    fileName: 'README',
    fields: [
      { label: 'Organization', value: head.organizationName },
      { label: 'Exported at', value: utc(head.exportedAt) },
      { label: 'Exported by', value: head.exportedBy },
      { label: 'Audit chain verification', value: chainVerificationText(chain), alert: !chain.ok },
      {
        label: 'Latest seal',
        value: seal ? `event ${seal.lastSeq}, sealed ${utc(seal.sealedAt)}, hash ${seal.lastHash}` : 'none yet',
      },
    ],
    sections: [
      {
        heading: 'Counts',
        empty: '',
        items: [
          {
            title: 'Records',
            fields: [
              count('Documents', counts.documents),
              count('Document revisions', counts.revisions),
              count('Controlled and extra files', counts.files),
              count('Actions', counts.actions),
              count('Trainings', counts.trainings),
              count('HR records', counts.hrRecords),
              count('Audit events', counts.auditEvents),
              count('Signatures', counts.signatures),
              count('Signatures whose file no longer matches', mismatched, mismatched > 0),
              count('Files in the package (besides the manifest)', files),
            ],
          },
        ],
      },
      {
        heading: 'Contents',
        empty: '',
        items: LAYOUT.map(([path, what]) => ({ title: path, fields: [{ label: 'Holds', value: what }] })),
      },
    ],
  };
}
