import { Permission, type DocumentStatus, type PermissionType } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { organizationPolicy, passes } from '../../core/policies.js';
import type { WithdrawState } from './withdrawn-documents.js';

/**
 * What the document rules look at (docs/decisions/0018-documents.md, "Who may do what"): the
 * document's creator ("owner"), whether the person is related to it (a participant), whether it
 * has a final revision ("approved" for the delete options), and for the revision rules the
 * revision's status and people.
 */
export interface DocumentState {
  creatorId: string;
  /** The person created the document or a revision, or is responsible, reviewer or approver of one (document_participants). */
  isParticipant: boolean;
  /** Some revision is final: the document is released ("approved" for the delete options). */
  hasFinalRevision: boolean;
  /** Some revision took effect (decision 0032): what people who see released documents see. */
  hasEffectiveRevision: boolean;
}

export interface RevisionState extends DocumentState {
  status: DocumentStatus;
  isFinal: boolean;
  /** The person is a named reviewer or approver of this revision. */
  isReviewer: boolean;
  isApprover: boolean;
  /** The person is the revision's responsible (submitter). */
  isResponsible: boolean;
}

export type DocumentSection = 'general' | 'qualityTasks' | 'references';

const has = (access: OrganizationAccess, type: PermissionType) => access.permissions.has(type);

/** Admins, the SuperAdmin and 11 (view all) see every document and revision. */
export const seesEveryDocument = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || has(access, Permission.ViewAllDocuments);
/** 16 (view approved and related): also the final revisions of every document. */
export const seesReleasedDocuments = (access: OrganizationAccess) =>
  has(access, Permission.ViewApprovedAndRelatedDocuments);

const isOwner = (access: OrganizationAccess, d: DocumentState) => d.creatorId === access.actor.userId;
const notApproved = (r: RevisionState) => r.status !== 'Approved' && r.status !== 'Obsolete' && !r.isFinal;

/** Each edit option with the section switches that let it edit General, Quality Actions, References. */
const EDIT_OPTIONS: {
  option: PermissionType;
  applies: (access: OrganizationAccess, d: DocumentState) => boolean;
  sections: Record<DocumentSection, PermissionType>;
}[] = [
  {
    option: Permission.EditAllNotApprovedDocuments,
    applies: () => true,
    sections: {
      general: Permission.EditAllDocumentsGeneralSection,
      qualityTasks: Permission.EditAllDocumentsQualityActionsSection,
      references: Permission.EditAllDocumentsReferencesSection,
    },
  },
  {
    option: Permission.EditRelatedNotApprovedDocuments,
    applies: (_access, d) => d.isParticipant,
    sections: {
      general: Permission.EditRelatedDocumentsGeneralSection,
      qualityTasks: Permission.EditRelatedDocumentsQualityActionsSection,
      references: Permission.EditRelatedDocumentsReferencesSection,
    },
  },
  {
    option: Permission.EditOwnNotApprovedDocuments,
    applies: isOwner,
    sections: {
      general: Permission.EditOwnDocumentsGeneralSection,
      qualityTasks: Permission.EditOwnDocumentsQualityActionsSection,
      references: Permission.EditOwnDocumentsReferencesSection,
    },
  },
  {
    option: Permission.EditRelatedDocuments,
    applies: (_access, d) => d.isParticipant,
    sections: {
      general: Permission.EditRelatedApprovedDocumentsGeneralSection,
      qualityTasks: Permission.EditRelatedApprovedDocumentsQualityActionsSection,
      references: Permission.EditRelatedApprovedDocumentsReferencesSection,
    },
  },
];

/**
 * Whether an edit option with its section switch applies to the document; without a document,
 * whether the person has any such right at all.
 */
function mayEditSection(access: OrganizationAccess, section: DocumentSection, d: DocumentState | undefined): boolean {
  if (isOrganizationAdmin(access)) return true;
  return EDIT_OPTIONS.some(
    (o) => has(access, o.option) && has(access, o.sections[section]) && (!d || o.applies(access, d)),
  );
}

/** Save a section of a revision that is not approved (the lock is the service's rule and message). */
const editSection = (section: DocumentSection) =>
  organizationPolicy<RevisionState>(
    (access, r) => mayEditSection(access, section, r) && (!r || isOrganizationAdmin(access) || notApproved(r)),
  );

/** The tabs of a revision. */
export type DocumentTab = 'general' | 'qualityTasks' | 'references' | 'reviews' | 'approvals';

const VIEW_SWITCHES: Record<DocumentTab, [PermissionType, PermissionType]> = {
  general: [Permission.ViewAllDocumentsGeneralSection, Permission.ViewRelatedDocumentsGeneralSection],
  qualityTasks: [
    Permission.ViewAllDocumentsQualityActionsSection,
    Permission.ViewRelatedDocumentsQualityActionsSection,
  ],
  references: [Permission.ViewAllDocumentsReferencesSection, Permission.ViewRelatedDocumentsReferencesSection],
  reviews: [Permission.ViewAllDocumentsReviewSection, Permission.ViewRelatedDocumentsReviewSection],
  approvals: [Permission.ViewAllDocumentsApprovalSection, Permission.ViewRelatedDocumentsApprovalSection],
};

/** The tab of every revision the person sees, whoever they are to it (the SQL side uses it too). */
export function seesTabOfEveryRevision(access: OrganizationAccess, tab: DocumentTab): boolean {
  const [all, related] = VIEW_SWITCHES[tab];
  return (
    isOrganizationAdmin(access) ||
    (has(access, Permission.ViewAllDocuments) && has(access, all)) ||
    (has(access, Permission.ViewApprovedAndRelatedDocuments) && has(access, related))
  );
}

/**
 * The General section (revision name and description, files, tags, responsible, audit history)
 * of a visible document: Admins, 34 with 11, 48 with 16, and every participant. It does not
 * depend on the revision; its SQL twin is `generalSectionVisibleTo` (document-visibility.ts).
 */
export const seesGeneralSection = (access: OrganizationAccess, d: Pick<DocumentState, 'isParticipant'>) =>
  seesTabOfEveryRevision(access, 'general') || d.isParticipant;

/**
 * View a tab of a visible revision: Admins; 34-38 with 11; 48-52 with 16; and always General for
 * a participant, Review for a reviewer and Approval for an approver of the revision.
 */
const viewTab = (tab: DocumentTab) =>
  organizationPolicy<RevisionState>((access, r) => {
    if (!r || seesTabOfEveryRevision(access, tab)) return true;
    if (tab === 'general') return seesGeneralSection(access, r);
    if (tab === 'reviews') return r.isReviewer;
    if (tab === 'approvals') return r.isApprover;
    return false;
  });

/**
 * Delete: 4 all, 5 all not approved, 6 all related, 7 related not approved, 8 owner, 9 owner not
 * approved, 13 approved or related, 14 related not approved; Admins always. "Not approved": no
 * revision of the document is final.
 */
const deletePolicy = organizationPolicy<DocumentState>((access, d) => {
  if (isOrganizationAdmin(access)) return true;
  const rules: [PermissionType, (d: DocumentState) => boolean][] = [
    [Permission.DeleteAllDocuments, () => true],
    [Permission.DeleteAllNotApprovedDocuments, (x) => !x.hasFinalRevision],
    [Permission.DeleteAllRelatedDocuments, (x) => x.isParticipant],
    [Permission.DeleteRelatedNotApprovedDocuments, (x) => x.isParticipant && !x.hasFinalRevision],
    [Permission.DeleteOwnDocuments, (x) => isOwner(access, x)],
    [Permission.DeleteOwnNotApprovedDocuments, (x) => isOwner(access, x) && !x.hasFinalRevision],
    [Permission.DeleteApprovedAndRelatedDocuments, (x) => x.hasFinalRevision || x.isParticipant],
    [Permission.DeleteNotApprovedRelatedDocuments, (x) => x.isParticipant && !x.hasFinalRevision],
  ];
  return rules.some(([type, applies]) => has(access, type) && (!d || applies(d)));
});

export const documentPolicies = {
  /**
   * Every member may open the documents list: a person always sees the documents they are
   * related to. Which rows is `documentsVisibleTo` (document-visibility.ts), the SQL twin of this
   * rule (test/visibility-twins.test.ts): Admins and 11 every document, 16 also every one with a
   * revision that took effect, everyone else those they are related to.
   */
  'document.view': organizationPolicy<DocumentState>(
    (access, d) =>
      !d || seesEveryDocument(access) || d.isParticipant || (seesReleasedDocuments(access) && d.hasEffectiveRevision),
  ),

  /** Add New: 10 (view all area) or 15 (view approved and related area); Admins always. */
  'document.add': organizationPolicy((access) =>
    [Permission.AddDocuments, Permission.AddDocumentsWithRelatedView].some((type) => has(access, type)),
  ),

  'document.edit.general': editSection('general'),
  'document.edit.qualityTasks': editSection('qualityTasks'),
  'document.edit.references': editSection('references'),

  /**
   * Link a training to a final revision that requires one (spec 03 section 4, 'Requires Training'):
   * its responsible, who gets the 'link-training' action, and whoever may edit its Quality Actions
   * section were it not approved; Admins always.
   */
  'document.linkTraining': organizationPolicy<RevisionState>(
    (access, r) => !r || r.isResponsible || mayEditSection(access, 'qualityTasks', r),
  ),

  /** Add a revision: the right on General, whether or not the document is approved. */
  'document.addRevision': organizationPolicy<DocumentState>((access, d) => mayEditSection(access, 'general', d)),

  'document.delete': deletePolicy,
  /**
   * Withdraw a released document or revision (issue 24): the delete right, or an approver named on
   * the revision withdrawn (withdrawn-documents.ts). Every member may call the route.
   */
  'document.withdraw': organizationPolicy<WithdrawState>(
    (access, w) => !w || w.approves || passes(access, deletePolicy, w),
  ),

  'document.viewTab.general': viewTab('general'),
  'document.viewTab.qualityTasks': viewTab('qualityTasks'),
  'document.viewTab.references': viewTab('references'),
  'document.viewTab.reviews': viewTab('reviews'),
  'document.viewTab.approvals': viewTab('approvals'),
};

export const canEditSection = (access: OrganizationAccess, section: DocumentSection, r: RevisionState) =>
  passes(access, documentPolicies[`document.edit.${section}`], r);
export const canViewTab = (access: OrganizationAccess, tab: DocumentTab, r: RevisionState) =>
  passes(access, documentPolicies[`document.viewTab.${tab}`], r);

/**
 * The tabs of the revision the person may view: every path that answers a section's data (the
 * detail, files, controlled copies, exports, history) leaves out or refuses what is false here.
 */
export const viewableTabs = (access: OrganizationAccess, r: RevisionState): Record<DocumentTab, boolean> => ({
  general: canViewTab(access, 'general', r),
  qualityTasks: canViewTab(access, 'qualityTasks', r),
  references: canViewTab(access, 'references', r),
  reviews: canViewTab(access, 'reviews', r),
  approvals: canViewTab(access, 'approvals', r),
});
