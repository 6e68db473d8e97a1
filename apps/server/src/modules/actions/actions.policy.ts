import { Permission, type PermissionType } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { organizationPolicy, passes } from '../../core/policies.js';

/** What the action rules look at: the status, the kind and the three people of the action. */
export interface ActionState {
  status: 'ToDo' | 'Complete';
  /** 'manual', or the automatic kind that completes with its artifact's work. */
  kind: string;
  creatorId: string;
  assignerId: string;
  assigneeId: string;
}

const has = (access: OrganizationAccess, type: PermissionType) => access.permissions.has(type);
const me = (access: OrganizationAccess) => access.actor.userId;
const isAssignee = (access: OrganizationAccess, a: ActionState) => a.assigneeId === me(access);
/** "Owner" in the catalogue's words: the person who created or assigned the action. */
const isOwner = (access: OrganizationAccess, a: ActionState) =>
  a.creatorId === me(access) || a.assignerId === me(access);
/** "Related": creator, assigner or assignee. */
const isRelated = (access: OrganizationAccess, a: ActionState) => isOwner(access, a) || isAssignee(access, a);
const open = (a: ActionState) => a.status === 'ToDo';

/**
 * Change every field: 17 the actions not completed, 18 those they created or assign (any status),
 * 23 the related ones; Admins always. Without a target: whether they may edit any action at all.
 */
const edit = organizationPolicy<ActionState>((access, a) => {
  if (isOrganizationAdmin(access)) return true;
  if (!a) {
    return [
      Permission.EditAllNotCompletedActions,
      Permission.EditOwnOrAssignedActions,
      Permission.EditRelatedActions,
    ].some((type) => has(access, type));
  }
  return (
    (has(access, Permission.EditAllNotCompletedActions) && open(a)) ||
    (has(access, Permission.EditOwnOrAssignedActions) && isOwner(access, a)) ||
    (has(access, Permission.EditRelatedActions) && isRelated(access, a))
  );
});

export const actionPolicies = {
  /**
   * Every member may open the actions list: whatever their permissions, a person always sees the
   * actions assigned to them. Which rows they see is `actionsVisibleTo` (actions.repository.ts),
   * the SQL twin of this rule (test/visibility-twins.test.ts): Admins and 22 everything, 26
   * related, everyone else their own.
   */
  'action.view': organizationPolicy<ActionState>(
    (access, a) =>
      !a ||
      isOrganizationAdmin(access) ||
      has(access, Permission.ViewAllActions) ||
      (has(access, Permission.ViewRelatedActions) && isRelated(access, a)) ||
      isAssignee(access, a),
  ),

  /** Add New: 21 (view all area) or 25 (related area); Admins always. */
  'action.add': organizationPolicy(
    (access) => has(access, Permission.AddActions) || has(access, Permission.AddActionsWithRelatedView),
  ),

  'action.edit': edit,

  /**
   * Complete or reopen a manual action: whoever may edit it, and always its assignee (it is their
   * work). An automatic action completes itself when its work is done (automatic-actions.ts), so
   * nobody changes its status by hand. Without a target every member passes: anyone may be the
   * assignee of an action.
   */
  'action.changeStatus': organizationPolicy<ActionState>(
    (access, a) => !a || (a.kind === 'manual' && (isAssignee(access, a) || passes(access, edit, a))),
  ),

  /** Delete: 19 all, 20 those not completed they created or assign, 24 the related ones; Admins always. */
  'action.delete': organizationPolicy<ActionState>((access, a) => {
    if (isOrganizationAdmin(access)) return true;
    if (!a) {
      return [
        Permission.DeleteAllActions,
        Permission.DeleteOwnOrAssignedNotCompletedActions,
        Permission.DeleteRelatedActions,
      ].some((type) => has(access, type));
    }
    return (
      has(access, Permission.DeleteAllActions) ||
      (has(access, Permission.DeleteOwnOrAssignedNotCompletedActions) && open(a) && isOwner(access, a)) ||
      (has(access, Permission.DeleteRelatedActions) && isRelated(access, a))
    );
  }),

  /** Every active member looks up the organization's people for the assigner and assignee pickers. */
  'organizationMembers.lookup': organizationPolicy(() => true),
};
