// How roles and statuses read on screen.
import type { PersonStatus } from '@shared/people';
import { ROLES, type Role } from '@shared/roles';

export const ROLE_LABEL: Record<Role, string> = { Students: 'Student', Teachers: 'Teacher', Admins: 'Administrator' };
export const ROLE_PLURAL: Record<Role, string> = { Students: 'Students', Teachers: 'Teachers', Admins: 'Administrators' };
/** The roles as choices of a select, in the order of ROLES. */
export const ROLE_CHOICES = ROLES.map((role) => [role, ROLE_LABEL[role]] as const);
export const STATUS_LABEL: Record<PersonStatus, string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };
