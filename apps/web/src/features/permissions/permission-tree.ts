import { PERMISSION_CATALOGUE, type PermissionDefinition, type PermissionKind } from '@qualis/contract';

export interface PermissionNode {
  permission: PermissionDefinition;
  children: PermissionNode[];
}

/** Under an option: the sections it shows first, then what it allows to add, edit and delete. */
const KIND_ORDER: Record<PermissionKind, number> = {
  view: 0,
  settings: 0,
  'section-view': 1,
  add: 2,
  edit: 3,
  delete: 4,
  'section-edit': 5,
};
const byKind = (a: PermissionNode, b: PermissionNode) =>
  KIND_ORDER[a.permission.kind] - KIND_ORDER[b.permission.kind] || a.permission.type - b.permission.type;

/** The options of a sub-tab (1 Documents, 2 Actions, 3 Training Records, 4 Organization Settings), each under the one it depends on. */
export function permissionTree(tab: number, parent: number | null = null): PermissionNode[] {
  return PERMISSION_CATALOGUE.filter((p) => p.tab === tab && p.parent === parent)
    .map((permission) => ({ permission, children: permissionTree(tab, permission.type) }))
    .sort(byKind);
}
