import { PERMISSION_TYPES, type AccessSetting } from '@qualis/contract';

/** Every catalogue type with whether it is on, as the Access Permissions page lists them. */
export const presentAccessSettings = (permissions: ReadonlySet<number>): AccessSetting[] =>
  PERMISSION_TYPES.map((type) => ({ type, isSwitchedOn: permissions.has(type) }));
