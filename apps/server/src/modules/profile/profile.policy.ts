import { allowActor } from '../../core/policies.js';

/** E-mails about new Actions concern Admins and Users; the SuperAdmin's profile has no such switch. */
allowActor('profile.email-notifications', (actor) => actor.role !== 'SuperAdmin');
