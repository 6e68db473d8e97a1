import { allow } from '../../core/policies.js';

/** E-mails about new Actions concern Admins and Users; the SuperAdmin's profile has no such switch. */
allow('profile', 'email-notifications', (actor) => actor.role !== 'SuperAdmin');
