import { allow } from '../../core/policies.js';

/** Admins of the organization and the SuperAdmin manage its user groups; Users do not. */
allow('userGroup', 'manage', (actor) => actor.role === 'Admin' || actor.role === 'SuperAdmin');
