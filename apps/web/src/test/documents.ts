import type { DocumentDetail, DocumentRow } from '@qualis/contract';
import { ada, uma } from './organization';

/** A document revision as the API answers it, for the web tests of documents and of what links them. */
export const DOC = '0190a8e4-0000-7000-8000-0000000000b1';
export const TYPE = '0190a8e4-0000-7000-8000-0000000000c1';
export const FILE = '0190a8e4-0000-7000-8000-0000000000f1';

export const file = { id: FILE, fileName: 'sop-12.pdf', fileSize: 2048 };

/** A revision that did not take effect yet, without an effective date. */
export const noEffect = {
  lifecycle: 'Pending',
  effectiveOn: null,
  effectiveAt: null,
  supersededAt: null,
  supersededBy: null,
} as const;

/** What a list row adds for its revision's effect: pending, nothing beside it. */
export const rowEffect: Pick<DocumentRow, 'lifecycle' | 'effectiveOn' | 'effectiveAt' | 'pendingRevision'> = {
  lifecycle: 'Pending',
  effectiveOn: null,
  effectiveAt: null,
  pendingRevision: null,
};

export const documentDetail = (overrides: Partial<DocumentDetail> = {}): DocumentDetail => ({
  id: DOC,
  type: 'SOP',
  typeId: TYPE,
  typeDescription: 'SOP-12',
  number: 3,
  name: 'Cleaning procedure',
  revision: 2,
  revisionName: 'Spring update',
  revisionDescription: 'New detergent',
  reasonForChange: 'The old detergent is discontinued',
  fileId: FILE,
  file,
  extraFileIds: [],
  extraFiles: [],
  submitterId: ada.id,
  submitter: ada,
  creator: ada,
  reviewerIds: [],
  approverIds: [uma.id],
  references: [],
  tags: [],
  tagIds: [],
  requiresTraining: false,
  trainingRecordId: null,
  trainingRecord: null,
  setAsFinal: false,
  isFinal: false,
  status: 'Submitted',
  reviewedAt: null,
  approvedAt: null,
  finalAt: null,
  ...noEffect,
  trainingEffectDays: null,
  trainingEffect: null,
  createdAt: '2030-04-01T09:30:00.000Z',
  latestRevision: 2,
  releasedRevision: null,
  effectiveRevision: null,
  revisions: [
    {
      revision: 2,
      status: 'Submitted',
      isFinal: false,
      revisionName: 'Spring update',
      reasonForChange: 'The old detergent is discontinued',
      ...noEffect,
    },
    { revision: 1, status: 'Approved', isFinal: true, revisionName: null, reasonForChange: null, ...noEffect },
  ],
  canBeEdited: true,
  canBeDeleted: true,
  canDeleteRevision: false,
  canWithdraw: false,
  canWithdrawRevision: false,
  withdrawal: null,
  canAddRevision: true,
  canViewGeneral: true,
  canViewQualityTasks: true,
  canViewConnectToEmployee: true,
  canViewReviews: false,
  canViewApprovals: true,
  canViewDocumentGeneral: true,
  canViewDocumentQualityTasks: true,
  canViewDocumentReferences: true,
  isLocked: false,
  canSetAsFinal: false,
  ...overrides,
});
