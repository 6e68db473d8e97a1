import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import { issueVerificationToken } from '../../../core/verification-tokens.js';
import { DEFAULT_PASSWORD, createUser } from '../../factories.js';
import type { TestContext } from '../../harness.js';
import { multipartFile, PNG_BYTES } from '../../multipart.js';
import {
  EVERYONE,
  MEMBERS,
  SIGNED_IN,
  SUPERADMIN_ONLY,
  freshEmail,
  nextAddress,
  ownImage,
  personIn,
  row,
  type Case,
} from '../matrix.js';

/**
 * Managing a User of A's account (names, links, access code): the SuperAdmin and A's Admins.
 * Account rules are decided by the account's role across the organizations it shares with the
 * person, not by one membership: a client Admin of A still passes them (decision 0023, open point).
 */
const ACCOUNT_OF_USER_IN_A = (ok: number) => row(401, ok, ok, 403, 403, 404, 404, ok);

/** Signs in a person of its own, so a cell can end or rotate a session without touching the actors'. */
async function ownSession(t: TestContext) {
  const { email } = await createUser(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    payload: { email, password: DEFAULT_PASSWORD },
    remoteAddress: nextAddress(),
  });
  return res.json().data.token as { refreshToken: string };
}

/** A person without a password yet (an open invitation) and a link token of theirs. */
async function personWithLink(t: TestContext, purpose: 'reset-password' | 'set-password') {
  const person = await createUser(t.db, { password: purpose === 'set-password' ? null : DEFAULT_PASSWORD });
  const token = await issueVerificationToken(t.db, { userId: person.id, purpose, email: person.email });
  return { email: person.email, token };
}

/** Signing in, e-mailed links, one’s own profile and uploads, and the accounts of others. */
export const accountCases: Case[] = [
  // Platform
  {
    routes: ['GET /api/v1/health'],
    expected: EVERYONE(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/about'],
    expected: SUPERADMIN_ONLY(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/validation-report'],
    note: 'the matrix app is built without a report: the SuperAdmin gets its 404',
    expected: SUPERADMIN_ONLY(404),
    request: () => ({}),
  },
  {
    routes: ['POST /api/v1/sessions'],
    note: 'sign-in with the right password',
    expected: EVERYONE(201),
    request: async ({ t }) => ({ payload: { email: (await createUser(t.db)).email, password: DEFAULT_PASSWORD } }),
  },
  {
    routes: ['POST /api/v1/sessions'],
    note: 'sign-in with a wrong password',
    expected: EVERYONE(401),
    request: async ({ t }) => ({ payload: { email: (await createUser(t.db)).email, password: 'Wr0ngPassword' } }),
  },
  {
    routes: ['PUT /api/v1/sessions'],
    note: 'refresh',
    expected: EVERYONE(200),
    request: async ({ t }) => ({ payload: { refreshToken: (await ownSession(t)).refreshToken } }),
  },
  {
    routes: ['DELETE /api/v1/sessions'],
    note: 'sign-out of the session of the refresh token',
    expected: EVERYONE(204),
    request: async ({ t }) => ({ payload: { refreshToken: (await ownSession(t)).refreshToken } }),
  },
  // Password and e-mail links: public, the e-mailed token is the proof
  {
    routes: ['POST /api/v1/verifications/password'],
    note: 'forgot password',
    expected: EVERYONE(200),
    request: async ({ t }) => ({ payload: { email: (await createUser(t.db)).email } }),
  },
  {
    routes: ['POST /api/v1/verifications/token'],
    expected: EVERYONE(200),
    request: async ({ t }) => {
      const { email, token } = await personWithLink(t, 'set-password');
      return { payload: { email, token, type: 'set-password' } };
    },
  },
  {
    routes: ['PUT /api/v1/verifications/password'],
    note: 'reset by link',
    expected: EVERYONE(200),
    request: async ({ t }) => {
      const { email, token } = await personWithLink(t, 'reset-password');
      return { payload: { email, token, password: 'N3wPassword', confirmPassword: 'N3wPassword' } };
    },
  },
  {
    routes: ['POST /api/v1/verifications/password/set'],
    note: 'first password by the invitation link',
    expected: EVERYONE(200),
    request: async ({ t }) => {
      const { email, token } = await personWithLink(t, 'set-password');
      return { payload: { email, token, password: 'N3wPassword', confirmPassword: 'N3wPassword' } };
    },
  },
  {
    routes: ['POST /api/v1/verifications/email'],
    note: 'confirm a new e-mail',
    expected: EVERYONE(200),
    request: async ({ t }) => {
      const person = await createUser(t.db);
      const newEmail = freshEmail();
      await t.db.update(users).set({ newEmail }).where(eq(users.id, person.id));
      const token = await issueVerificationToken(t.db, {
        userId: person.id,
        purpose: 'confirm-email',
        email: newEmail,
      });
      return { payload: { email: newEmail, token, password: DEFAULT_PASSWORD } };
    },
  },
  // One's own profile
  {
    routes: ['GET /api/v1/users/me/profile'],
    expected: SIGNED_IN(200),
    request: () => ({}),
  },
  {
    routes: ['PUT /api/v1/users/me/password'],
    note: 'change knowing the current one (to the same, so the actors keep signing in)',
    expected: SIGNED_IN(200),
    request: () => ({
      payload: { oldPassword: DEFAULT_PASSWORD, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
    }),
  },
  {
    routes: ['POST /api/v1/users/me/password'],
    note: 'a reset link to one’s own e-mail',
    expected: SIGNED_IN(200),
    request: ({ f, actor }) => ({ payload: { email: f.emails[actor === 'anon' ? 'user' : actor] } }),
  },
  {
    routes: ['PATCH /api/v1/users/me/profile/avatar/:imageId'],
    note: 'an image of one’s own',
    expected: SIGNED_IN(200),
    request: async (cell) => ({ params: { imageId: await ownImage(cell) } }),
  },
  {
    routes: ['DELETE /api/v1/users/me/profile/avatar'],
    expected: SIGNED_IN(200),
    request: () => ({}),
  },
  {
    routes: [
      'PATCH /api/v1/users/me/Profile/email-notifications',
      'PATCH /api/v1/users/me/profile/email-notifications',
    ],
    // The SuperAdmin's profile has no such switch.
    expected: row(401, 403, 200, 200, 200, 200, 200),
    request: () => ({ payload: { emailNotificationState: true } }),
  },
  {
    routes: ['PATCH /api/v1/users/me/profile/language'],
    expected: SIGNED_IN(200),
    request: () => ({ payload: { language: 'en' } }),
  },
  {
    routes: ['POST /api/v1/upload/image'],
    expected: SIGNED_IN(201),
    request: () => {
      const body = multipartFile('image.png', PNG_BYTES);
      return { payload: body.payload, headers: body.headers };
    },
  },
  {
    // Files belong to an organization: any active member uploads into it.
    routes: ['POST /api/v1/upload/file'],
    expected: MEMBERS(201),
    request: ({ f }) => {
      const body = multipartFile('notes.txt', Buffer.from('Quality notes\n'));
      return { query: { organizationId: f.orgA }, payload: body.payload, headers: body.headers };
    },
  },
  {
    // Shown by <img> tags, which send no bearer token: served by the unguessable id alone.
    routes: ['GET /api/v1/images/:imageId'],
    expected: EVERYONE(200),
    request: ({ f }) => ({ params: { imageId: f.imageId } }),
  },
  // Accounts of others
  {
    routes: ['PUT /api/v1/users/:id'],
    note: 'names of a User of A',
    expected: ACCOUNT_OF_USER_IN_A(200),
    request: ({ f }) => ({ params: { id: f.ids.targetUser }, payload: { firstName: 'Ted', lastName: 'User' } }),
  },
  {
    routes: ['PUT /api/v1/users/:id'],
    note: 'names of an Admin of A (Admins never manage Admins)',
    expected: row(401, 200, 403, 403, 403, 404, 404),
    request: ({ f }) => ({ params: { id: f.ids.targetAdmin }, payload: { firstName: 'Ann', lastName: 'Admin' } }),
  },
  {
    routes: ['POST /api/v1/verifications/resend-confirm-email'],
    note: 'of a User of A with a pending new e-mail',
    expected: ACCOUNT_OF_USER_IN_A(200),
    request: async ({ f, t }) => {
      const person = await personIn(t, f.orgA, 'User');
      await t.db.update(users).set({ newEmail: freshEmail() }).where(eq(users.id, person.id));
      return { payload: { email: person.email } };
    },
  },
  {
    routes: ['POST /api/v1/verifications/resend-invite'],
    note: 'to an invited User of A (Users never resend invitations)',
    expected: { ...row(401, 200, 200, 403, 403, 403, 404), client: 200 },
    request: async ({ f, t }) => ({ payload: { email: (await personIn(t, f.orgA, 'User', 'Inactive')).email } }),
  },
  {
    routes: ['PATCH /api/v1/verifications/user-access-code/:userId'],
    note: 'of a User of A',
    expected: ACCOUNT_OF_USER_IN_A(200),
    request: ({ f }) => ({ params: { userId: f.ids.targetUser } }),
  },
  {
    routes: ['POST /api/v1/verifications/user-access-code/me'],
    note: 'own code, in A: user has a valid one (409), the others (client too) none',
    expected: row(401, 200, 200, 200, 409, 422, 404, 200),
    request: ({ f }) => ({ payload: { organizationId: f.orgA } }),
  },
];
