import { z } from 'zod';
import { messageFields } from './envelopes.js';
import { ZUuid } from './fields.js';
import { messageKeys } from './messages/index.js';
import { ZMembershipRestriction, ZRole, type Role } from './roles.js';

/**
 * The permission catalogue of spec 02 section 6: the switches of the 'User Group Settings' tab
 * and of a person's read-only 'Access Permissions' page, by their numeric type.
 *
 * How the ids map (the spec lists the edit/delete/add ids; the view options are the ids it leaves
 * out, each following the options that depend on it):
 *
 * | area (sub-tab) | view option | options that need it |
 * | --- | --- | --- |
 * | Documents (1) | 11 view all documents | edit 1-3, delete 4-9, add 10; sections 34-38 (view) |
 * | Documents (1) | 16 view approved and related documents | edit 12, delete 13-14, add 15; sections 48-52 (view) |
 * | Actions (2) | 22 view all actions | edit 17-18, delete 19-20, add 21 |
 * | Actions (2) | 26 view related actions | edit 23, delete 24, add 25 |
 * | Training records (3) | 30 view all training records | edit 27, delete 28, add 29 |
 * | Training records (3) | none: the records a person created, assigns or is assigned to are always theirs to see | edit 31, delete 32, add 33 |
 * | Organization settings (4) | none | 56 manage logo, document types and tags |
 *
 * Document edit sections (General, Quality Actions, References) belong to an edit option:
 * 39-41 to 1, 42-44 to 2, 45-47 to 3, 53-55 to 12. View sections (General, Quality Actions,
 * References, Review, Approval) belong to a view option: 34-38 to 11, 48-52 to 16.
 *
 * Sibling groups hold the options of which only one may be on: the two view options of an area,
 * and per kind (edit, delete, add) the options under one view option. In training records, where
 * 31-33 have no view option, 'all' and 'where creator or assigner' of a kind are siblings.
 */

/**
 * The permission types by name, so rules read `Permission.ViewAllActions` instead of 22. "Own"
 * means where the person is the owner (documents), owner or assigner (actions), creator or
 * assigner (training records); "related" as in the catalogue's labels.
 */
export const Permission = {
  EditAllNotApprovedDocuments: 1,
  EditRelatedNotApprovedDocuments: 2,
  EditOwnNotApprovedDocuments: 3,
  DeleteAllDocuments: 4,
  DeleteAllNotApprovedDocuments: 5,
  DeleteAllRelatedDocuments: 6,
  DeleteRelatedNotApprovedDocuments: 7,
  DeleteOwnDocuments: 8,
  DeleteOwnNotApprovedDocuments: 9,
  AddDocuments: 10,
  ViewAllDocuments: 11,
  EditRelatedDocuments: 12,
  DeleteApprovedAndRelatedDocuments: 13,
  DeleteNotApprovedRelatedDocuments: 14,
  AddDocumentsWithRelatedView: 15,
  ViewApprovedAndRelatedDocuments: 16,
  EditAllNotCompletedActions: 17,
  EditOwnOrAssignedActions: 18,
  DeleteAllActions: 19,
  DeleteOwnOrAssignedNotCompletedActions: 20,
  AddActions: 21,
  ViewAllActions: 22,
  EditRelatedActions: 23,
  DeleteRelatedActions: 24,
  AddActionsWithRelatedView: 25,
  ViewRelatedActions: 26,
  EditAllTrainingRecords: 27,
  DeleteAllTrainingRecords: 28,
  AddTrainingRecords: 29,
  ViewAllTrainingRecords: 30,
  EditOwnTrainingRecords: 31,
  DeleteOwnTrainingRecords: 32,
  AddOwnTrainingRecords: 33,
  ViewAllDocumentsGeneralSection: 34,
  ViewAllDocumentsQualityActionsSection: 35,
  ViewAllDocumentsReferencesSection: 36,
  ViewAllDocumentsReviewSection: 37,
  ViewAllDocumentsApprovalSection: 38,
  EditAllDocumentsGeneralSection: 39,
  EditAllDocumentsQualityActionsSection: 40,
  EditAllDocumentsReferencesSection: 41,
  EditRelatedDocumentsGeneralSection: 42,
  EditRelatedDocumentsQualityActionsSection: 43,
  EditRelatedDocumentsReferencesSection: 44,
  EditOwnDocumentsGeneralSection: 45,
  EditOwnDocumentsQualityActionsSection: 46,
  EditOwnDocumentsReferencesSection: 47,
  ViewRelatedDocumentsGeneralSection: 48,
  ViewRelatedDocumentsQualityActionsSection: 49,
  ViewRelatedDocumentsReferencesSection: 50,
  ViewRelatedDocumentsReviewSection: 51,
  ViewRelatedDocumentsApprovalSection: 52,
  EditRelatedApprovedDocumentsGeneralSection: 53,
  EditRelatedApprovedDocumentsQualityActionsSection: 54,
  EditRelatedApprovedDocumentsReferencesSection: 55,
  ManageOrganizationSettings: 56,
} as const;
export type PermissionType = (typeof Permission)[keyof typeof Permission];

export const PERMISSION_AREAS = ['documents', 'actions', 'trainingRecords', 'organizationSettings'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_KINDS = ['view', 'add', 'edit', 'delete', 'section-view', 'section-edit', 'settings'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

/** The sub-tab keys of 'User Group Settings' (1 to 4), by area. */
export const PERMISSION_TAB_OF: Record<PermissionArea, 1 | 2 | 3 | 4> = {
  documents: 1,
  actions: 2,
  trainingRecords: 3,
  organizationSettings: 4,
};

export interface PermissionDefinition {
  type: number;
  area: PermissionArea;
  tab: 1 | 2 | 3 | 4;
  label: string;
  kind: PermissionKind;
  /** The option that must be on for this one to be on (null: none). */
  parent: number | null;
  /** Options of the same sibling group exclude each other (null: no siblings). */
  siblingGroup: string | null;
  /** First person, for the person's own read-only page ('Allows you to ...'). */
  userTooltip: string;
  /** Third person, for admins ('Allows the user to ...'). */
  adminTooltip: string;
}

/** `does` uses {they} (you / they) and {their} (your / their) for the two tooltips. */
const define = (
  type: number,
  area: PermissionArea,
  kind: PermissionKind,
  parent: number | null,
  siblingGroup: string | null,
  label: string,
  does: string,
): PermissionDefinition => ({
  type,
  area,
  tab: PERMISSION_TAB_OF[area],
  label,
  kind,
  parent,
  siblingGroup,
  userTooltip: `Allows you to ${does.replaceAll('{they}', 'you').replaceAll('{their}', 'your')}.`,
  adminTooltip: `Allows the user to ${does.replaceAll('{they}', 'they').replaceAll('{their}', 'their')}.`,
});

const DOCUMENT_SECTIONS = ['General', 'Quality Actions', 'References', 'Review', 'Approval'] as const;
const EDITABLE_SECTIONS = DOCUMENT_SECTIONS.slice(0, 3);

const viewSections = (first: number, parent: number, scope: string) =>
  DOCUMENT_SECTIONS.map((section, i) =>
    define(
      first + i,
      'documents',
      'section-view',
      parent,
      null,
      `${section} section`,
      `see the ${section} section of ${scope}`,
    ),
  );

const editSections = (first: number, parent: number, scope: string) =>
  EDITABLE_SECTIONS.map((section, i) =>
    define(
      first + i,
      'documents',
      'section-edit',
      parent,
      null,
      `Edit ${section} section`,
      `edit the ${section} section of ${scope}`,
    ),
  );

const RELATED_DOCUMENTS = 'documents {they} are related to (responsible, reviewer or approver)';

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = [
  define(
    1,
    'documents',
    'edit',
    11,
    'documents.all.edit',
    'Edit all not approved documents',
    'edit any document that is not approved',
  ),
  define(
    2,
    'documents',
    'edit',
    11,
    'documents.all.edit',
    'Edit related not approved documents',
    `edit the not approved ${RELATED_DOCUMENTS}`,
  ),
  define(
    3,
    'documents',
    'edit',
    11,
    'documents.all.edit',
    'Edit not approved documents where owner',
    'edit the not approved documents {they} own',
  ),
  define(4, 'documents', 'delete', 11, 'documents.all.delete', 'Delete all documents', 'delete any document'),
  define(
    5,
    'documents',
    'delete',
    11,
    'documents.all.delete',
    'Delete all not approved documents',
    'delete any document that is not approved',
  ),
  define(
    6,
    'documents',
    'delete',
    11,
    'documents.all.delete',
    'Delete all related documents',
    `delete the ${RELATED_DOCUMENTS}`,
  ),
  define(
    7,
    'documents',
    'delete',
    11,
    'documents.all.delete',
    'Delete related not approved documents',
    `delete the not approved ${RELATED_DOCUMENTS}`,
  ),
  define(
    8,
    'documents',
    'delete',
    11,
    'documents.all.delete',
    'Delete documents where owner',
    'delete the documents {they} own',
  ),
  define(
    9,
    'documents',
    'delete',
    11,
    'documents.all.delete',
    'Delete not approved documents where owner',
    'delete the not approved documents {they} own',
  ),
  define(10, 'documents', 'add', 11, 'documents.all.add', 'Add documents', 'create documents'),
  define(
    11,
    'documents',
    'view',
    null,
    'documents.view',
    'View all documents',
    'see every document of the organization',
  ),
  define(
    12,
    'documents',
    'edit',
    16,
    'documents.related.edit',
    'Edit related documents',
    `edit the not approved ${RELATED_DOCUMENTS}`,
  ),
  define(
    13,
    'documents',
    'delete',
    16,
    'documents.related.delete',
    'Delete approved and related documents',
    `delete approved documents and the ${RELATED_DOCUMENTS}`,
  ),
  define(
    14,
    'documents',
    'delete',
    16,
    'documents.related.delete',
    'Delete not approved related documents',
    `delete the not approved ${RELATED_DOCUMENTS}`,
  ),
  define(15, 'documents', 'add', 16, 'documents.related.add', 'Add documents', 'create documents'),
  define(
    16,
    'documents',
    'view',
    null,
    'documents.view',
    'View approved and related documents',
    `see approved documents and the ${RELATED_DOCUMENTS}`,
  ),
  define(
    17,
    'actions',
    'edit',
    22,
    'actions.all.edit',
    'Edit all not completed actions',
    'edit any action that is not completed',
  ),
  define(
    18,
    'actions',
    'edit',
    22,
    'actions.all.edit',
    'Edit actions where owner or assigner',
    'edit the not completed actions {they} own or assigned',
  ),
  define(19, 'actions', 'delete', 22, 'actions.all.delete', 'Delete all actions', 'delete any action'),
  define(
    20,
    'actions',
    'delete',
    22,
    'actions.all.delete',
    'Delete not completed actions where owner or assigner',
    'delete the not completed actions {they} own or assigned',
  ),
  define(21, 'actions', 'add', 22, 'actions.all.add', 'Add actions', 'create actions'),
  define(22, 'actions', 'view', null, 'actions.view', 'View all actions', 'see every action of the organization'),
  define(
    23,
    'actions',
    'edit',
    26,
    'actions.related.edit',
    'Edit related actions',
    'edit the not completed actions {they} are assigned to, own or assigned',
  ),
  define(
    24,
    'actions',
    'delete',
    26,
    'actions.related.delete',
    'Delete related actions',
    'delete the not completed actions {they} own or assigned',
  ),
  define(25, 'actions', 'add', 26, 'actions.related.add', 'Add actions', 'create actions'),
  define(
    26,
    'actions',
    'view',
    null,
    'actions.view',
    'View related actions',
    'see the actions {they} are assigned to, own or assigned',
  ),
  define(
    27,
    'trainingRecords',
    'edit',
    30,
    'trainingRecords.edit',
    'Edit all training records',
    'edit any training record',
  ),
  define(
    28,
    'trainingRecords',
    'delete',
    30,
    'trainingRecords.delete',
    'Delete all training records',
    'delete any training record',
  ),
  define(29, 'trainingRecords', 'add', 30, 'trainingRecords.add', 'Add training records', 'create training records'),
  define(
    30,
    'trainingRecords',
    'view',
    null,
    'trainingRecords.view',
    'View all training records',
    'see every training record of the organization',
  ),
  define(
    31,
    'trainingRecords',
    'edit',
    null,
    'trainingRecords.edit',
    'Edit training records where creator or assigner',
    'edit the training records {they} created or assign',
  ),
  define(
    32,
    'trainingRecords',
    'delete',
    null,
    'trainingRecords.delete',
    'Delete training records where creator or assigner',
    'delete the training records {they} created or assign',
  ),
  define(
    33,
    'trainingRecords',
    'add',
    null,
    'trainingRecords.add',
    'Add training records where creator or assigner',
    'create training records and manage them as {their} creator or assigner',
  ),
  ...viewSections(34, 11, 'every document'),
  ...editSections(39, 1, 'the not approved documents'),
  ...editSections(42, 2, `the not approved ${RELATED_DOCUMENTS}`),
  ...editSections(45, 3, 'the not approved documents {they} own'),
  ...viewSections(48, 16, `approved documents and the ${RELATED_DOCUMENTS}`),
  ...editSections(53, 12, `the not approved ${RELATED_DOCUMENTS}`),
  define(
    56,
    'organizationSettings',
    'settings',
    null,
    null,
    'Manage organization settings',
    'change the logo and manage the document types and tags of the organization',
  ),
];

export const PERMISSION_TYPES = PERMISSION_CATALOGUE.map((p) => p.type as PermissionType);
export const MIN_PERMISSION_TYPE = 1;
export const MAX_PERMISSION_TYPE = 56;

const BY_TYPE = new Map(PERMISSION_CATALOGUE.map((p) => [p.type, p]));

export function permissionOf(type: number): PermissionDefinition {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new Error(`unknown permission type ${type}`);
  return definition;
}

export const isPermissionType = (type: number) => BY_TYPE.has(type);

/** The options that depend on `type`, directly or through another dependent. */
function dependentsOf(type: number): number[] {
  const direct = PERMISSION_CATALOGUE.filter((p) => p.parent === type).map((p) => p.type);
  return direct.flatMap((d) => [d, ...dependentsOf(d)]);
}

/**
 * The option that must be switched on before `type` can be switched on, or null when nothing
 * blocks it. Switching on a dependent never switches its parent on by itself: the switch is
 * refused (the screens show it disabled while its parent is off).
 */
export function missingParentOf(current: readonly number[], type: number): number | null {
  const { parent } = permissionOf(type);
  return parent !== null && !current.includes(parent) ? parent : null;
}

/**
 * The rules of spec 02 section 4, shared by the server and the browser. Switching on:
 * refused (the state is answered unchanged) while the option's parent is off; otherwise the
 * option's siblings (the other view option of the area, or the other options of the same kind)
 * go off with their dependents, and a view option that was off comes on with its section options
 * (documents: the five sections of spec 02 section 6, each of which may then be switched off on
 * its own). Switching off: the option goes off with everything depending on it (a view option
 * takes its edit/delete/add options and sections; an edit option its sections). The answer is
 * sorted and free of duplicates.
 */
export function applyPermissionToggle(current: readonly number[], type: number, on: boolean): number[] {
  const definition = permissionOf(type);
  const next = new Set(current);
  const switchOff = (t: number) => {
    next.delete(t);
    for (const d of dependentsOf(t)) next.delete(d);
  };
  if (!on) {
    switchOff(type);
  } else if (missingParentOf(current, type) === null) {
    if (definition.siblingGroup !== null) {
      for (const sibling of PERMISSION_CATALOGUE) {
        if (sibling.siblingGroup === definition.siblingGroup && sibling.type !== type) switchOff(sibling.type);
      }
    }
    if (definition.kind === 'view' && !current.includes(type)) {
      for (const section of PERMISSION_CATALOGUE) {
        if (section.parent === type && section.kind === 'section-view') next.add(section.type);
      }
    }
    next.add(type);
  }
  return [...next].sort((a, b) => a - b);
}

const anyOf = (perms: ReadonlySet<number>, predicate: (p: PermissionDefinition) => boolean) =>
  PERMISSION_CATALOGUE.some((p) => predicate(p) && perms.has(p.type));

/**
 * The per-person flags that drive menus and buttons, derived from the catalogue: a view option
 * of the area (training records: any training option, since 31-33 work on the records a person
 * always sees), an add option of the area, or 56. The server adds Training records for a person
 * with trainings of their own (permissions.service.ts, `accessFlagsOf`). `canViewHrRecords` is the
 * server's HR rule (role and membership restriction), passed in: no permission type grants it.
 * `role` is the person's role in the organization (a client membership works as a User).
 */
export function accessFlags(role: Role, perms: ReadonlySet<number>, canViewHrRecords: boolean): AccessFlags {
  return {
    role,
    canViewHrRecords,
    canViewDocuments: anyOf(perms, (p) => p.area === 'documents' && p.kind === 'view'),
    canViewTasks: anyOf(perms, (p) => p.area === 'actions' && p.kind === 'view'),
    canViewTrainingRecords: anyOf(perms, (p) => p.area === 'trainingRecords'),
    canManageOrganization: perms.has(Permission.ManageOrganizationSettings),
    canAddDocuments: anyOf(perms, (p) => p.area === 'documents' && p.kind === 'add'),
    canAddTasks: anyOf(perms, (p) => p.area === 'actions' && p.kind === 'add'),
    canAddTrainingRecords: anyOf(perms, (p) => p.area === 'trainingRecords' && p.kind === 'add'),
  };
}

export const ZAccessFlags = z.object({
  /**
   * The person's role in this organization, which picks the layout and menu: a client membership
   * works as a User whatever the account's role (decision 0023).
   */
  role: ZRole,
  /** HR records: listed, opened, offered as links, and HR references shown as links. */
  canViewHrRecords: z.boolean(),
  canViewDocuments: z.boolean(),
  canViewTasks: z.boolean(),
  canViewTrainingRecords: z.boolean(),
  canManageOrganization: z.boolean(),
  canAddDocuments: z.boolean(),
  canAddTasks: z.boolean(),
  canAddTrainingRecords: z.boolean(),
});
export type AccessFlags = z.infer<typeof ZAccessFlags>;

export const ZPermissionType = z
  .number({ error: messageKeys.unknownPermissionType })
  .int(messageKeys.unknownPermissionType)
  .min(MIN_PERMISSION_TYPE, messageKeys.unknownPermissionType)
  .max(MAX_PERMISSION_TYPE, messageKeys.unknownPermissionType);

export const ZAccessSetting = z.object({ type: z.number().int(), isSwitchedOn: z.boolean() });
export type AccessSetting = z.infer<typeof ZAccessSetting>;

/** The read-only 'Access Permissions' page of a person (GET /client-users/{userId}/settings). */
export const ZUserAccessSettings = z.object({
  user: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    role: ZRole,
    /** The membership's restriction in this organization. */
    restriction: ZMembershipRestriction,
    /** The caller may change it (PUT /client-users/{id}/restriction). */
    canChangeRestriction: z.boolean(),
  }),
  userGroups: z.array(z.object({ id: z.uuid(), name: z.string(), userCount: z.number().int() })),
  settings: z.array(ZAccessSetting),
});
export type UserAccessSettings = z.infer<typeof ZUserAccessSettings>;

/** PUT /client-users/{id}/restriction: the restriction of a person's membership in one organization. */
export const ZSetRestrictionRequest = z.object({
  organizationId: ZUuid,
  restriction: ZMembershipRestriction,
});
export type SetRestrictionRequest = z.infer<typeof ZSetRestrictionRequest>;

export const ZRestrictionResponse = z.object({
  data: z.object({ restriction: ZMembershipRestriction }),
  ...messageFields,
});
export type RestrictionResponse = z.infer<typeof ZRestrictionResponse>;
