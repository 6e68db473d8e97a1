import { z } from 'zod';
import { messageKeys } from './messages/index.js';

export const ROLES = ['SuperAdmin', 'Admin', 'User'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

/**
 * A restriction on one membership (spec 03 section 6, docs/decisions/0023-restricted-roles.md):
 * 'client' works in the organization as a regular member whatever the account's role (rights
 * only from the groups' permissions, the client access settings; no administration, no HR
 * records); 'hrLimited' keeps the role but never reaches HR records.
 */
export const MEMBERSHIP_RESTRICTIONS = ['none', 'client', 'hrLimited'] as const;
export const ZMembershipRestriction = z.enum(MEMBERSHIP_RESTRICTIONS, { error: messageKeys.unknownRestriction });
export type MembershipRestriction = z.infer<typeof ZMembershipRestriction>;

export const MEMBERSHIP_STATUSES = ['Active', 'Inactive'] as const;
export const ZMembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof ZMembershipStatus>;

export const ORGANIZATION_STATUSES = ['Active', 'Inactive'] as const;
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type OrganizationStatus = z.infer<typeof ZOrganizationStatus>;
