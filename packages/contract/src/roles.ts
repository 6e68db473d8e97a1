import { z } from 'zod';

export const ROLES = ['SuperAdmin', 'Admin', 'User'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

export const MEMBERSHIP_STATUSES = ['Active', 'Inactive'] as const;
export const ZMembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof ZMembershipStatus>;

export const ORGANIZATION_STATUSES = ['Active', 'Inactive'] as const;
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type OrganizationStatus = z.infer<typeof ZOrganizationStatus>;
