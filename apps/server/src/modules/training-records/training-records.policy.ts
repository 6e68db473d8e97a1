import { Permission, type PermissionType } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { organizationPolicy } from '../../core/policies.js';

/** What the training rules look at: its creator and assigner, and the viewer's own assignment. */
export interface TrainingState {
  creatorId: string;
  assignerId: string;
  /** The viewer has to pass it. */
  viewerAssigned: boolean;
  /** The viewer has a pass in the current round. */
  viewerPassed: boolean;
}

const has = (access: OrganizationAccess, type: PermissionType) => access.permissions.has(type);
/** "Where creator or assigner" in the catalogue's words (31-33). */
const isOwner = (access: OrganizationAccess, t: TrainingState) =>
  t.creatorId === access.actor.userId || t.assignerId === access.actor.userId;

export const trainingRecordPolicies = {
  /**
   * Every member may open the training list: a person always sees the trainings they created,
   * assign or are assigned to, whatever their group permissions (an assignee can always open and
   * pass theirs). Which rows they see is `trainingsVisibleTo` (training-visibility.ts), the SQL
   * twin of this rule (test/visibility-twins.test.ts): Admins and 30 everything, everyone else
   * their own.
   */
  'trainingRecord.view': organizationPolicy<TrainingState>(
    (access, t) =>
      !t ||
      isOrganizationAdmin(access) ||
      has(access, Permission.ViewAllTrainingRecords) ||
      isOwner(access, t) ||
      t.viewerAssigned,
  ),

  /** Add New: 29 (all) or 33 (where creator or assigner); Admins always. */
  'trainingRecord.add': organizationPolicy(
    (access) => has(access, Permission.AddTrainingRecords) || has(access, Permission.AddOwnTrainingRecords),
  ),

  /** Change a training: 27 every one, 31 those they created or assign; Admins always. Without a target: any at all. */
  'trainingRecord.edit': organizationPolicy<TrainingState>((access, t) => {
    if (isOrganizationAdmin(access) || has(access, Permission.EditAllTrainingRecords)) return true;
    return has(access, Permission.EditOwnTrainingRecords) && (!t || isOwner(access, t));
  }),

  /** Delete: 28 every one, 32 those they created or assign; Admins always. Without a target: any at all. */
  'trainingRecord.delete': organizationPolicy<TrainingState>((access, t) => {
    if (isOrganizationAdmin(access) || has(access, Permission.DeleteAllTrainingRecords)) return true;
    return has(access, Permission.DeleteOwnTrainingRecords) && (!t || isOwner(access, t));
  }),

  /** Pass: an assignee without a pass in the current round, whatever their permissions. */
  'trainingRecord.pass': organizationPolicy<TrainingState>((_access, t) => !t || (t.viewerAssigned && !t.viewerPassed)),
};
