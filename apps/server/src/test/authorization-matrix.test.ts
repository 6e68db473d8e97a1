import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import {
  actions,
  documentTypes,
  exportFiles,
  hrRecords,
  memberships,
  notifications,
  organizationFiles,
  tags,
  userAccessCodes,
  users,
} from '../db/schema/index.js';
import { nextNumber } from '../core/counters.js';
import { newId } from '../core/ids.js';
import { hashPassword } from '../core/passwords.js';
import { issueVerificationToken } from '../core/verification-tokens.js';
import { createTestContext, type TestContext } from './harness.js';
import {
  DEFAULT_PASSWORD,
  createDocument,
  createDocumentType,
  createOrganization,
  createTraining,
  createUser,
  createUserGroup,
  signIn,
  uploadOrganizationFile,
} from './factories.js';
import { multipartFile, PNG_BYTES } from './multipart.js';

/** user's access code, for the approval cells. */
const MATRIX_ACCESS_CODE = '246810';

/**
 * Every API route, called by every kind of caller, mostly against organization A. The rows come
 * from the route catalogue (`app.routeCatalogue`): each case names the routes it covers, and a
 * route without a case fails the first test, so a new route cannot go unchecked. A GET case also
 * covers the HEAD route Fastify derives from it (same access, same expected status).
 *
 *   anon      no session
 *   sa        the provider's SuperAdmin
 *   admin     an Admin active in A (and in C, so people of C are visible to them)
 *   user56    a User of A in a group with "view all documents" (11) and settings (56)
 *   user      a User of A in no group
 *   inactive  a User of A whose membership is Inactive
 *   outsider  an Admin active only in organization B
 *   client    an Admin of A whose membership there is 'client', in no group: a User in A
 *   hrLimited an Admin of A whose membership there is 'hrLimited': an Admin without HR records
 *
 * The two restricted callers (spec 03 section 6, decision 0023) answer as `user` and `admin` do
 * unless a case says otherwise: `row()` takes their cells last and defaults them so. Unlike
 * `user`, `client` is related to nothing (it reviews, is assigned and is notified of nothing), so
 * those records answer it 404 and its exports have nothing to export (400); `hrLimited` is
 * refused every HR route (403) and is not in organization C.
 *
 * Public routes have cells too: the session does not change their answer.
 */
const ACTORS = ['anon', 'sa', 'admin', 'user56', 'user', 'inactive', 'outsider', 'client', 'hrLimited'] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

// Frequent rows of the table.
const row = (
  anon: number,
  sa: number,
  admin: number,
  user56: number,
  user: number,
  inactive: number,
  outsider: number,
  client = user,
  hrLimited = admin,
) => ({ anon, sa, admin, user56, user, inactive, outsider, client, hrLimited }) satisfies Expected;
const EVERYONE = (status: number) => row(status, status, status, status, status, status, status, status, status);
const SIGNED_IN = (ok: number) => row(401, ok, ok, ok, ok, ok, ok, ok);
// Policies that name their roles refuse the others before the organization is read.
const ADMINS_ONLY = (ok: number) => row(401, ok, ok, 403, 403, 403, 404);
const SUPERADMIN_ONLY = (ok: number) => row(401, ok, 403, 403, 403, 403, 403, 403, 403);
const MEMBERS = (ok: number) => row(401, ok, ok, ok, ok, 422, 404);
const SETTINGS = (ok: number) => row(401, ok, ok, ok, 403, 422, 404);
/** Managing a User of A's account (names, links, access code): the SuperAdmin and A's Admins. */
/**
 * Account rules are decided by the account's role across the organizations it shares with the
 * person, not by one membership: a client Admin of A still passes them (decision 0023, open point).
 */
const ACCOUNT_OF_USER_IN_A = (ok: number) => row(401, ok, ok, 403, 403, 404, 404, ok);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route as the catalogue names it: `${method} ${url}`. */
type RouteKey = `${Method} /api/v1/${string}`;
interface Route {
  method: Method;
  url: string;
}

interface Fixture {
  orgA: string;
  orgB: string;
  /** Another organization of `admin`, where people to add to A come from. */
  orgC: string;
  ids: Record<ActorName | 'targetUser' | 'targetAdmin', string>;
  emails: Record<ActorName, string>;
  groupA: string;
  /** An image uploaded by the SuperAdmin (images are served by id). */
  imageId: string;
  /** Documents of A by the Admin: user is the reviewer of `related` only. */
  documents: Record<'related' | 'unrelated', { id: string; fileId: string }>;
}

interface Cell {
  f: Fixture;
  t: TestContext;
  actor: ActorName;
  route: Route;
}

/** The request of one cell; `params` fill the route's `:name` segments. */
type CellRequest = Omit<InjectOptions, 'method' | 'url' | 'path'> & { params?: Record<string, string> };

interface Case {
  /** The catalogue routes this case covers: the same request but for the method or spelling. */
  routes: [RouteKey, ...RouteKey[]];
  /** What the case looks at, when the route alone does not say. */
  note?: string;
  expected: Expected;
  /** Built per cell, so a cell that creates or deletes works on its own records. */
  request: (cell: Cell) => Promise<CellRequest> | CellRequest;
}

let sequence = 0;
const fresh = (label: string) => `${label} ${++sequence}`;
const freshEmail = () => `matrix-${newId()}@example.test`;

/** The route's URL with its `:name` segments filled; a segment left open is a mistake of the case. */
function urlOf(route: Route, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.url}: no value for :${name}`);
    return value;
  });
}

/**
 * A network address of its own for each call: sign-in and refresh are limited per address, and
 * the matrix makes more of those calls in a minute than one person would.
 */
let addresses = 0;
const nextAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

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

/** A person of `organizationId`, made for one cell. */
const personIn = (t: TestContext, organizationId: string, role: 'Admin' | 'User', status?: 'Inactive') =>
  createUser(t.db, {
    role,
    password: status ? null : DEFAULT_PASSWORD,
    memberOf: [{ organizationId, ...(status ? { status } : {}) }],
  });

/** Uploads an image as the cell's caller (uploads are per person); a caller who cannot gets an unknown id. */
async function ownImage(cell: Cell): Promise<string> {
  const body = multipartFile('image.png', PNG_BYTES);
  const uploaded = await cell.t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/image',
    payload: body.payload,
    headers: { ...sessions[cell.actor], ...body.headers },
  });
  return uploaded.statusCode === 201 ? (uploaded.json().data.id as string) : newId();
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new action of organization A assigned by the Admin to `assigneeId`. */
async function actionInA(
  t: TestContext,
  f: Fixture,
  assigneeId = f.ids.admin,
  name = fresh('Action'),
): Promise<string> {
  const id = newId();
  await t.db.insert(actions).values({
    organizationId: f.orgA,
    id,
    number: await nextNumber(t.db, f.orgA, 'action'),
    name,
    description: 'Check the scale',
    dueDate: today(),
    assignerId: f.ids.admin,
    assigneeId,
    creatorId: f.ids.admin,
  });
  return id;
}

/** The training form's payload in A, assigned to `assigneeId`. */
const trainingPayload = (f: Fixture, assigneeId: string) => ({
  organizationId: f.orgA,
  name: fresh('Training'),
  description: 'Read the procedure',
  dueDate: today(),
  assignerId: f.ids.admin,
  assigneeUserIds: [assigneeId],
});

/** A new training of organization A by the Admin, with a file, assigned to `assigneeId` (the Admin by default). */
async function trainingInA({ t, f }: Cell, assigneeId = f.ids.admin) {
  const admin = { id: f.ids.admin, headers: sessions.admin };
  const fileId = await uploadOrganizationFile(t.app, sessions.admin, f.orgA);
  return createTraining(t.app, admin, f.orgA, { assigneeUserIds: [assigneeId], fileIds: [fileId] });
}

/** A generated export file of `owner`'s in A (a large PDF export, as its job stores it). */
async function exportFileInA(t: TestContext, f: Fixture, owner: ActorName): Promise<string> {
  const fileId = newId();
  const storageKey = `exports/${f.orgA}/${fileId}.pdf`;
  const bytes = Buffer.from('%PDF-1.7 matrix');
  await t.app.ctx.storage.put(storageKey, bytes);
  await t.db.insert(organizationFiles).values({
    organizationId: f.orgA,
    id: fileId,
    storageKey,
    originalName: 'Tasks.pdf',
    contentType: 'application/pdf',
    sizeBytes: bytes.length,
    sha256: 'a'.repeat(64),
    uploadedBy: f.ids[owner],
  });
  await t.db.insert(exportFiles).values({
    organizationId: f.orgA,
    fileId,
    source: 'actions',
    format: 'pdf',
    recordCount: 1,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return fileId;
}

/** A new unread notification of user's, about an action assigned to them. */
async function noticeOfUser(t: TestContext, f: Fixture): Promise<string> {
  const id = newId();
  await t.db.insert(notifications).values({
    organizationId: f.orgA,
    id,
    userId: f.ids.user,
    kind: 'ActionAssigned',
    entityId: await actionInA(t, f, f.ids.user),
    payload: {},
  });
  return id;
}

/** The callers whose document writes succeed: they get documents of their own. */
const WRITES_DOCUMENTS: readonly ActorName[] = ['sa', 'admin', 'hrLimited'];

/**
 * A document of organization A by the Admin, whose reviewer is `user` (related only: no document
 * permission, yet theirs to see); `related: false` leaves user out. Reads share the fixture's
 * documents; a write gets a new document for the callers it succeeds for (the Admins).
 */
async function documentInA(cell: Cell, related = true) {
  const { t, f, actor, route } = cell;
  if (route.method === 'GET' || route.method === 'HEAD' || !WRITES_DOCUMENTS.includes(actor)) {
    return related ? f.documents.related : f.documents.unrelated;
  }
  const admin = { id: f.ids.admin, headers: sessions.admin };
  const doc = await createDocument(t.app, t.db, admin, f.orgA, related ? { reviewerIds: [f.ids.user] } : {});
  return doc as unknown as { id: string; fileId: string };
}

/** The HR record of a person of organization A (made when they joined). */
async function hrRecordInA(t: TestContext, f: Fixture, userId: string): Promise<string> {
  const [row] = await t.db
    .select({ id: hrRecords.id })
    .from(hrRecords)
    .where(and(eq(hrRecords.organizationId, f.orgA), eq(hrRecords.userId, userId)));
  return row!.id;
}

/** The kept record of a new person who has left organization A (only such records can be deleted). */
async function leftRecordInA(t: TestContext, f: Fixture): Promise<string> {
  const left = await personIn(t, f.orgA, 'User');
  await t.db.delete(memberships).where(and(eq(memberships.organizationId, f.orgA), eq(memberships.userId, left.id)));
  return hrRecordInA(t, f, left.id);
}

let cvRecord: Promise<{ id: string; fileId: string }> | undefined;
/** user's HR record in A with a CV uploaded by the Admin (made once). */
function cvRecordInA({ t, f }: Cell) {
  cvRecord ??= (async () => {
    const fileId = await uploadOrganizationFile(t.app, sessions.admin, f.orgA, 'cv.txt');
    const id = await hrRecordInA(t, f, f.ids.user);
    await t.db
      .update(hrRecords)
      .set({ fileId })
      .where(and(eq(hrRecords.organizationId, f.orgA), eq(hrRecords.id, id)));
    return { id, fileId };
  })();
  return cvRecord;
}

let pdfDocument: Promise<string> | undefined;
/** A document of A whose controlled file is a PDF and whose reviewer is `user` (made once). */
function pdfDocumentInA({ t, f }: Cell): Promise<string> {
  pdfDocument ??= (async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const admin = { id: f.ids.admin, headers: sessions.admin };
    const fileId = await uploadOrganizationFile(
      t.app,
      sessions.admin,
      f.orgA,
      'procedure.pdf',
      Buffer.from(await pdf.save()),
    );
    const doc = await createDocument(t.app, t.db, admin, f.orgA, { fileId, reviewerIds: [f.ids.user] });
    return doc.id;
  })();
  return pdfDocument;
}

/** General of a new revision or document of A (a new file of A's each time). */
async function generalOfA(t: TestContext, f: Fixture, revision = 1) {
  return {
    organizationId: f.orgA,
    typeId: (await createDocumentType(t.db, f.orgA)).id,
    submitterId: f.ids.admin,
    name: fresh('Procedure'),
    revision,
    revisionDescription: 'Issue',
    fileId: await uploadOrganizationFile(t.app, sessions.admin, f.orgA),
  };
}

const CASES: Case[] = [
  // Platform
  {
    routes: ['GET /api/v1/health'],
    expected: EVERYONE(200),
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
  // Organizations
  {
    // Everyone lists their own organizations: the inactive member gets none, the outsider only B.
    routes: ['GET /api/v1/organizations'],
    expected: SIGNED_IN(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/organizations/:organizationId'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA } }),
  },
  // Provider administration
  {
    routes: ['POST /api/v1/organizations'],
    expected: SUPERADMIN_ONLY(201),
    request: () => ({ payload: { name: fresh('Org') } }),
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/name'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { name: 'Alpha Medical' } }),
  },
  {
    routes: ['PATCH /api/v1/organizations/:organizationId/status', 'PUT /api/v1/organizations/:organizationId/status'],
    note: 'of a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: [
      'PATCH /api/v1/organizations/:organizationId/managed-by-client',
      'PUT /api/v1/organizations/:organizationId/managed-by-client',
    ],
    note: 'of a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId'],
    note: 'a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: ['GET /api/v1/export/organizations'],
    expected: SUPERADMIN_ONLY(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/export/Organization-logs', 'GET /api/v1/export/organization-logs'],
    expected: SUPERADMIN_ONLY(200),
    request: () => ({
      query: { IncludeOrganizationChanges: 'true', 'DateRange.Start': today(), 'DateRange.End': today() },
    }),
  },
  // People: Admins (the SuperAdmin's) and Users (A's Admins too)
  {
    routes: ['GET /api/v1/client-admins'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-admins/all'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/client-admins'],
    expected: SUPERADMIN_ONLY(201),
    request: ({ f }) => ({
      payload: { organizationId: f.orgA, firstName: 'Ada', lastName: 'Min', email: freshEmail() },
    }),
  },
  {
    routes: ['POST /api/v1/client-admins/add'],
    note: 'an Admin of C',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      payload: { organizationId: f.orgA, ids: [(await personIn(t, f.orgC, 'Admin')).id] },
    }),
  },
  {
    routes: ['PATCH /api/v1/client-admins/:id/status', 'PUT /api/v1/client-admins/:id/status'],
    note: 'a new Admin of A',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'Admin')).id },
      payload: { ids: [f.orgA], status: 'Inactive' },
    }),
  },
  {
    routes: ['DELETE /api/v1/client-admins/:id'],
    note: 'a new, inactive, invited Admin of A',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'Admin', 'Inactive')).id },
      query: { ids: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/admins'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users/all'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/client-users'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, firstName: 'Use', lastName: 'R', email: freshEmail() } }),
  },
  {
    routes: ['POST /api/v1/client-users/add'],
    note: 'a User of C',
    expected: { ...ADMINS_ONLY(200), hrLimited: 404 },
    request: async ({ f, t }) => ({
      payload: { organizationId: f.orgA, ids: [(await personIn(t, f.orgC, 'User')).id] },
    }),
  },
  {
    routes: ['PATCH /api/v1/client-users/:id/status', 'PUT /api/v1/client-users/:id/status'],
    note: 'a new User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'User')).id },
      payload: { ids: [f.orgA], status: 'Inactive' },
    }),
  },
  {
    routes: ['DELETE /api/v1/client-users/:id'],
    note: 'a new, inactive, invited User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'User', 'Inactive')).id },
      query: { organizationIds: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  // Accounts of others
  {
    routes: ['PUT /api/v1/users/:userId'],
    note: 'names of a User of A',
    expected: ACCOUNT_OF_USER_IN_A(200),
    request: ({ f }) => ({ params: { userId: f.ids.targetUser }, payload: { firstName: 'Ted', lastName: 'User' } }),
  },
  {
    routes: ['PUT /api/v1/users/:userId'],
    note: 'names of an Admin of A (Admins never manage Admins)',
    expected: row(401, 200, 403, 403, 403, 404, 404),
    request: ({ f }) => ({ params: { userId: f.ids.targetAdmin }, payload: { firstName: 'Ann', lastName: 'Admin' } }),
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
    routes: ['PATCH /api/v1/verifications/user-access-code/:id'],
    note: 'of a User of A',
    expected: ACCOUNT_OF_USER_IN_A(200),
    request: ({ f }) => ({ params: { id: f.ids.targetUser } }),
  },
  {
    routes: ['POST /api/v1/verifications/user-access-code/me'],
    note: 'own code, in A: user has a valid one (409), the others (client too) none',
    expected: row(401, 200, 200, 200, 409, 422, 404, 200),
    request: ({ f }) => ({ payload: { organizationId: f.orgA } }),
  },
  // Access flags and permissions
  {
    routes: ['GET /api/v1/users/me'],
    note: 'own flags',
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    // Every member may search; each artifact's own visibility decides what they find.
    routes: ['GET /api/v1/:organizationId/global-search'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, query: { search: 'procedure' } }),
  },
  {
    routes: ['GET /api/v1/client-users/:id'],
    note: 'flags of user56',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: ({ f }) => ({ params: { id: f.ids.user56 }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users/:id/settings'],
    note: 'of user56',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: ({ f }) => ({ params: { id: f.ids.user56 }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['PUT /api/v1/client-users/:id/restriction'],
    note: "a User of A's membership: the SuperAdmin and A's Admins, not a client Admin",
    expected: ADMINS_ONLY(200),
    request: async ({ t, f }) => ({
      params: { id: (await personIn(t, f.orgA, 'User')).id },
      payload: { organizationId: f.orgA, restriction: 'hrLimited' },
    }),
  },
  // User groups
  {
    routes: ['GET /api/v1/user-groups'],
    note: 'Admins, and people who may add or edit trainings (neither user56 nor user)',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: ({ f }) => ({ query: { organizationId: f.orgA, withUsers: 'true' } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/trainings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/users/:userId/trainings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({
      params: { groupId: f.groupA, userId: f.ids.user56 },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['POST /api/v1/user-groups'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, name: fresh('Group') } }),
  },
  {
    routes: ['PUT /api/v1/user-groups/:groupId/name'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, payload: { organizationId: f.orgA, name: fresh('Group') } }),
  },
  {
    routes: ['POST /api/v1/user-groups/duplicate'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, sourceGroupId: f.groupA, name: fresh('Copy') } }),
  },
  {
    routes: ['DELETE /api/v1/user-groups/:groupId'],
    note: 'a new group',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: (await createUserGroup(t.db, { organizationId: f.orgA })).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/settings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['PUT /api/v1/user-groups/:groupId/settings'],
    note: "a new group: a toggle of user56's group would change what user56 sees in the cells after it",
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: (await createUserGroup(t.db, { organizationId: f.orgA })).id },
      payload: { organizationId: f.orgA, type: 22 },
    }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/all'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/user-groups/:groupId/add'],
    note: 'a new User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: f.groupA },
      payload: { organizationId: f.orgA, users: [{ userId: (await personIn(t, f.orgA, 'User')).id }] },
    }),
  },
  {
    routes: ['DELETE /api/v1/user-groups/:groupId/users/:userId'],
    note: 'the member of a new group',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => {
      const member = await personIn(t, f.orgA, 'User');
      const group = await createUserGroup(t.db, { organizationId: f.orgA, userIds: [member.id] });
      return { params: { groupId: group.id, userId: member.id }, query: { organizationId: f.orgA } };
    },
  },
  {
    routes: ['GET /api/v1/export/groups'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/group-users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA, groupId: f.groupA } }),
  },
  // Organization settings
  {
    routes: [
      'GET /api/v1/organizations/:organizationId/document-types',
      'GET /api/v1/organizations/:organizationId/tags',
    ],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA } }),
  },
  {
    routes: [
      'POST /api/v1/organizations/:organizationId/document-types',
      'POST /api/v1/organizations/:organizationId/tags',
    ],
    expected: SETTINGS(201),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { name: fresh('Entry') } }),
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId/tags/:entryId'],
    note: 'a new tag',
    expected: SETTINGS(200),
    request: async ({ f, t }) => {
      const [tag] = await t.db
        .insert(tags)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('tag') })
        .returning();
      return { params: { organizationId: f.orgA, entryId: tag!.id } };
    },
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId/document-types/:entryId'],
    note: 'a new document type',
    expected: SETTINGS(200),
    request: async ({ f, t }) => {
      const [type] = await t.db
        .insert(documentTypes)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('type') })
        .returning();
      return { params: { organizationId: f.orgA, entryId: type!.id } };
    },
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/logo/:imageId'],
    note: 'an image of one’s own',
    expected: SETTINGS(200),
    request: async (cell) => ({ params: { organizationId: cell.f.orgA, imageId: await ownImage(cell) } }),
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/signing'],
    note: 'switched off again each time',
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { signingRequiresPassword: false } }),
  },
  // Signing a document revision: only its named reviewer (approver), here user; a new document per cell
  {
    routes: ['POST /api/v1/documents/:documentId/reviews'],
    note: 'user is the named reviewer',
    expected: { ...row(401, 403, 403, 403, 201, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const by = { id: f.ids.admin, headers: sessions.admin };
      const doc = await createDocument(t.app, t.db, by, f.orgA, { reviewerIds: [f.ids.user] });
      return { params: { documentId: doc.id }, payload: { organizationId: f.orgA, revision: 1, status: 0 } };
    },
  },
  {
    routes: ['POST /api/v1/documents/:documentId/approvals'],
    note: 'user is the named approver, with an access code',
    expected: { ...row(401, 403, 403, 403, 201, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const by = { id: f.ids.admin, headers: sessions.admin };
      const doc = await createDocument(t.app, t.db, by, f.orgA, { approverIds: [f.ids.user] });
      return {
        params: { documentId: doc.id },
        payload: { organizationId: f.orgA, revision: 1, status: 0, accessCode: MATRIX_ACCESS_CODE },
      };
    },
  },
  // Training records: every member sees the trainings assigned to them; user56 and user have none of 27-33
  {
    routes: ['GET /api/v1/training-records', 'GET /api/v1/training-records/all'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/training-records/:recordId', 'GET /api/v1/training-records/:recordId/completion-progress'],
    note: "a training of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell)).id },
      query: { organizationId: cell.f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/training-records/:recordId', 'GET /api/v1/training-records/:recordId/completion-progress'],
    note: 'a training assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell, cell.f.ids.user)).id },
      query: { organizationId: cell.f.orgA },
    }),
  },
  {
    routes: [
      'GET /api/v1/training-records/:recordId/file/:fileId',
      'GET /api/v1/training-records/:recordId/file/:fileId/content',
    ],
    note: 'a file of a training assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async (cell) => {
      const rec = await trainingInA(cell, cell.f.ids.user);
      return { params: { recordId: rec.id, fileId: rec.files[0]!.id }, query: { organizationId: cell.f.orgA } };
    },
  },
  {
    routes: ['POST /api/v1/training-records'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: ({ f }) => ({ payload: trainingPayload(f, f.ids.admin) }),
  },
  {
    routes: ['PUT /api/v1/training-records/:recordId'],
    note: "rename a training of the Admin's (neither user56 nor user may edit any)",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell)).id },
      payload: trainingPayload(cell.f, cell.f.ids.admin),
    }),
  },
  {
    routes: ['PUT /api/v1/training-records/:recordId/pass'],
    note: 'a training assigned to user: only its assignee passes it',
    expected: { ...row(401, 403, 403, 404, 200, 422, 404), client: 404 },
    request: async (cell) => {
      const rec = await trainingInA(cell, cell.f.ids.user);
      const questions = rec.questions.map((q) => ({
        id: q.id,
        answers: q.answers.map((a) => ({ id: a.id, isSelected: a.number === 1 })),
      }));
      return {
        params: { recordId: rec.id },
        payload: { organizationId: cell.f.orgA, questions, acknowledged: true, understood: true },
      };
    },
  },
  {
    routes: ['DELETE /api/v1/training-records'],
    note: "a new training of the Admin's",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell) => ({ query: { organizationId: cell.f.orgA, ids: (await trainingInA(cell)).id } }),
  },
  {
    routes: [
      'GET /api/v1/export/training-records',
      'GET /api/v1/export/one-training-record',
      'GET /api/v1/export/many-training-records',
    ],
    note: 'a training assigned to user, checked: user56 may not see it, so has nothing to export',
    expected: { ...row(401, 200, 200, 400, 200, 422, 404), client: 400 },
    request: async (cell) => ({
      query: { organizationId: cell.f.orgA, selectedIds: (await trainingInA(cell, cell.f.ids.user)).id },
    }),
  },
  // Actions: every member sees the actions assigned to them; the rest by permission (user56 has none of 17-26)
  {
    routes: ['GET /api/v1/tasks'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/tasks/:taskId/details'],
    note: "an action of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async ({ f, t }) => ({ params: { taskId: await actionInA(t, f) }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/tasks/:taskId/details'],
    note: 'an action assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({
      params: { taskId: await actionInA(t, f, f.ids.user) },
      query: { organizationId: f.orgA },
    }),
  },
  {
    // Every member has a dashboard; its cards show only what their lists would.
    routes: [
      'GET /api/v1/dashboard/counters',
      'GET /api/v1/dashboard/actions',
      'GET /api/v1/dashboard/trainings',
      'GET /api/v1/dashboard/documents-to-review',
      'GET /api/v1/dashboard/documents-to-approve',
    ],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/tasks'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: ({ f }) => ({
      payload: {
        organizationId: f.orgA,
        name: fresh('Action'),
        description: 'Check the scale',
        dueDate: today(),
        assignerId: f.ids.admin,
        assigneeId: f.ids.admin,
      },
    }),
  },
  {
    routes: ['PUT /api/v1/tasks/:taskId/details'],
    note: "rename an action of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async ({ f, t }) => ({
      params: { taskId: await actionInA(t, f) },
      payload: {
        organizationId: f.orgA,
        name: fresh('Renamed'),
        description: 'Check the scale',
        dueDate: today(),
        assignerId: f.ids.admin,
        assigneeId: f.ids.admin,
        status: 0,
      },
    }),
  },
  {
    routes: ['PUT /api/v1/tasks/:taskId/details'],
    note: 'complete an action assigned to user (the assignee needs no edit permission)',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const name = fresh('Action');
      return {
        params: { taskId: await actionInA(t, f, f.ids.user, name) },
        payload: {
          organizationId: f.orgA,
          name,
          description: 'Check the scale',
          dueDate: today(),
          assignerId: f.ids.admin,
          assigneeId: f.ids.user,
          status: 1,
        },
      };
    },
  },
  {
    routes: ['DELETE /api/v1/tasks'],
    note: "a new action of the Admin's",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async ({ f, t }) => ({ query: { organizationId: f.orgA, ids: await actionInA(t, f) } }),
  },
  {
    routes: ['GET /api/v1/export/Tasks', 'GET /api/v1/export/one-task', 'GET /api/v1/export/many-Tasks'],
    note: 'with an action assigned to each member',
    expected: { ...MEMBERS(200), client: 400 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/files/:fileId'],
    note: "a large export of user's: only its requester downloads it",
    expected: { ...row(401, 404, 404, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({
      params: { fileId: await exportFileInA(t, f, 'user') },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/files/:fileId'],
    note: "a large export of the SuperAdmin's",
    expected: row(401, 200, 404, 404, 404, 422, 404),
    request: async ({ f, t }) => ({
      params: { fileId: await exportFileInA(t, f, 'sa') },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/tasks/available'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA, search: 'a' } }),
  },
  {
    routes: ['GET /api/v1/organizations/:organizationId/member-options'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, query: { search: 'a' } }),
  },
  // Documents: user56 has 11 (view all) without section switches or edit rights; user is related only
  {
    routes: ['GET /api/v1/documents', 'GET /api/v1/documents/available'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId', 'GET /api/v1/documents/:documentId/general'],
    note: 'a document whose reviewer is user',
    expected: { ...row(401, 200, 200, 200, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId'],
    note: 'a document user is not related to',
    expected: row(401, 200, 200, 200, 404, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell, false)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['POST /api/v1/documents'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => ({ payload: await generalOfA(t, f) }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/general'],
    note: 'a document whose reviewer is user',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => {
      const doc = await documentInA(cell, false);
      return { params: { documentId: doc.id }, payload: { ...(await generalOfA(t, f)), name: fresh('Renamed') } };
    },
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/revision'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: await generalOfA(t, f, 2),
    }),
  },
  {
    routes: ['PATCH /api/v1/documents/:documentId/revision'],
    note: 'set as final a document without signers',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell, false)).id },
      payload: { organizationId: f.orgA, revision: 1, reason: 'Released' },
    }),
  },
  {
    routes: ['DELETE /api/v1/documents/:documentId/revision'],
    note: 'the second revision of a document',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => {
      const doc = await documentInA(cell);
      // The shared documents (of the callers refused) keep their one revision.
      if (WRITES_DOCUMENTS.includes(cell.actor)) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/documents/${doc.id}/revision`,
          headers: sessions.admin,
          payload: await generalOfA(t, f, 2),
        });
      }
      return { params: { documentId: doc.id }, query: { organizationId: f.orgA, revision: '2' } };
    },
  },
  {
    routes: [
      'GET /api/v1/documents/:documentId/quality-tasks',
      'GET /api/v1/documents/:documentId/references',
      'GET /api/v1/documents/:documentId/approvals',
    ],
    note: 'tabs neither user56 (no section switch) nor user (a reviewer) may view',
    expected: { ...row(401, 200, 200, 403, 403, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/reviews'],
    note: 'the Review tab is always its reviewer’s',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/quality-tasks'],
    expected: { ...row(401, 200, 200, 403, 403, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: { organizationId: f.orgA, revision: 1, reviewerIds: [f.ids.user, f.ids.user56], approverIds: [] },
    }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/references'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: { organizationId: f.orgA, revision: 1, newReferences: [{ link: 'https://example.test' }] },
    }),
  },
  {
    routes: ['DELETE /api/v1/documents'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      query: { organizationId: f.orgA, documentIds: (await documentInA(cell)).id },
    }),
  },
  {
    routes: [
      'GET /api/v1/documents/:documentId/file/:fileId',
      'GET /api/v1/documents/:documentId/file/:fileId/content',
    ],
    note: 'the controlled file of a document whose reviewer is user',
    expected: { ...row(401, 200, 200, 200, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => {
      const doc = await documentInA(cell);
      return { params: { documentId: doc.id, fileId: doc.fileId }, query: { organizationId: f.orgA } };
    },
  },
  // Document exports, controlled copies and history (document-exports.routes.ts)
  {
    routes: ['GET /api/v1/export/Documents', 'GET /api/v1/export/one-document', 'GET /api/v1/export/many-Documents'],
    note: 'user sees the document they review; user56 every document',
    expected: { ...MEMBERS(200), client: 400 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/document-attachments'],
    note: 'the type of the document user reviews',
    expected: { ...MEMBERS(200), client: 400 },
    request: (cell, { f } = cell) => ({
      query: { organizationId: f.orgA, docTypeIds: (f.documents.related as unknown as { typeId: string }).typeId },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/controlled-copy'],
    note: 'a PDF document whose reviewer is user',
    expected: { ...row(401, 200, 200, 200, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: await pdfDocumentInA(cell) },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/history'],
    note: 'General is always its reviewer’s; user56 has no General switch',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  // HR records: the Admins' and the SuperAdmin's only; a User is refused before the organization is read
  {
    routes: [
      'GET /api/v1/human-resource-records',
      'GET /api/v1/human-resource-records/available',
      'GET /api/v1/export/human-resource-records',
      'GET /api/v1/export/one-human-resource-record',
      'GET /api/v1/export/many-human-resource-records',
    ],
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/human-resource-records/:resourceId'],
    note: "user's record",
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: async ({ f, t }) => ({
      params: { resourceId: await hrRecordInA(t, f, f.ids.user) },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: [
      'GET /api/v1/human-resource-records/:resourceId/file/:fileId',
      'GET /api/v1/human-resource-records/:resourceId/file/:fileId/content',
    ],
    note: "user's CV",
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: async (cell) => {
      const { id, fileId } = await cvRecordInA(cell);
      return { params: { resourceId: id, fileId }, query: { organizationId: cell.f.orgA } };
    },
  },
  {
    routes: ['PUT /api/v1/human-resource-records/:resourceId'],
    note: "user56's record, its tags emptied",
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: async ({ f, t }) => ({
      params: { resourceId: await hrRecordInA(t, f, f.ids.user56) },
      payload: { organizationId: f.orgA, tagIds: [] },
    }),
  },
  {
    routes: ['DELETE /api/v1/human-resource-records'],
    note: 'the record of a person who left',
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: async ({ f, t }) => ({ query: { organizationId: f.orgA, ids: await leftRecordInA(t, f) } }),
  },
  {
    routes: ['DELETE /api/v1/human-resource-records'],
    note: 'the record of a member: never deleted',
    expected: { ...ADMINS_ONLY(409), hrLimited: 403 },
    request: async ({ f, t }) => ({ query: { organizationId: f.orgA, ids: await hrRecordInA(t, f, f.ids.user56) } }),
  },
  // Notifications
  {
    routes: ['GET /api/v1/system-notifications'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/system-notifications/count'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/system-notifications/stream'],
    note: 'an event stream: the answer is read up to its status',
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA }, payloadAsStream: true }),
  },
  {
    routes: ['PATCH /api/v1/system-notifications'],
    note: 'dismiss all of one’s own',
    expected: MEMBERS(200),
    request: ({ f }) => ({ payload: { organizationId: f.orgA } }),
  },
  {
    routes: ['PATCH /api/v1/system-notifications'],
    note: "dismiss user's notification: only user may",
    expected: { ...row(401, 404, 404, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({ payload: { organizationId: f.orgA, id: await noticeOfUser(t, f) } }),
  },
];

let t: TestContext;
let fixture: Fixture;

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += chunk.toString();
  return all;
}
const sessions = {} as Record<ActorName, Record<string, string>>;

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const routeOf = (key: string): Route => {
  const [method, url] = key.split(' ') as [Method, string];
  return { method, url };
};

/** The routes a case covers: those it names, and the HEAD twin of each GET it names. */
function routesOf(c: Case): Route[] {
  const catalogue = new Set(t.app.routeCatalogue.map(keyOf));
  return c.routes.flatMap((key) => {
    const head = key.replace(/^GET /, 'HEAD ');
    return [routeOf(key), ...(key.startsWith('GET ') && catalogue.has(head) ? [routeOf(head)] : [])];
  });
}

const isPublic = (key: string) => t.app.routeCatalogue.find((r) => keyOf(r) === key)?.policy === 'public';

beforeAll(async () => {
  // The walk takes minutes and queues hundreds of mails and jobs it never reads: the workers stay
  // asleep, so closing does not wait for a poll that drains them all.
  const idle = 24 * 60 * 60 * 1000;
  t = await createTestContext({ mailPollMs: idle, jobPollMs: idle });
  const orgA = (await createOrganization(t.db, { name: 'Alpha' })).id;
  const orgB = (await createOrganization(t.db, { name: 'Beta' })).id;
  const orgC = (await createOrganization(t.db, { name: 'Gamma' })).id;
  const people = {
    sa: await createUser(t.db, { role: 'SuperAdmin' }),
    admin: await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }, { organizationId: orgC }] }),
    user56: await createUser(t.db, { memberOf: [{ organizationId: orgA }] }),
    user: await createUser(t.db, { memberOf: [{ organizationId: orgA }] }),
    inactive: await createUser(t.db, { memberOf: [{ organizationId: orgA, status: 'Inactive' }] }),
    outsider: await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgB }] }),
    client: await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA, restriction: 'client' }] }),
    hrLimited: await createUser(t.db, {
      role: 'Admin',
      memberOf: [{ organizationId: orgA, restriction: 'hrLimited' }],
    }),
    targetUser: await createUser(t.db, { password: null, memberOf: [{ organizationId: orgA }] }),
    targetAdmin: await createUser(t.db, { role: 'Admin', password: null, memberOf: [{ organizationId: orgA }] }),
  };
  const group = await createUserGroup(t.db, {
    organizationId: orgA,
    permissions: [11, 56],
    userIds: [people.user56.id],
  });
  sessions.anon = {};
  for (const actor of ACTORS.filter((a) => a !== 'anon')) {
    sessions[actor] = (await signIn(t.app, people[actor as Exclude<ActorName, 'anon'>].email)).headers;
  }
  const image = multipartFile('logo.png', PNG_BYTES);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/image',
    payload: image.payload,
    headers: { ...sessions.sa, ...image.headers },
  });
  fixture = {
    orgA,
    orgB,
    orgC,
    groupA: group.id,
    imageId: uploaded.json().data.id,
    documents: undefined as unknown as Fixture['documents'],
    ids: { anon: '', ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.id])) } as Fixture['ids'],
    emails: {
      anon: '',
      ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.email])),
    } as Fixture['emails'],
  };
  for (const assignee of [people.user56, people.user]) await actionInA(t, fixture, assignee.id);
  const documentBy = { id: people.admin.id, headers: sessions.admin };
  fixture.documents = {
    related: (await createDocument(t.app, t.db, documentBy, orgA, { reviewerIds: [people.user.id] })) as never,
    unrelated: (await createDocument(t.app, t.db, documentBy, orgA)) as never,
  };
  await t.db
    .insert(userAccessCodes)
    .values({ id: newId(), userId: people.user.id, codeHash: await hashPassword(MATRIX_ACCESS_CODE) });
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has expected cells for every route of the catalogue, and no case for a route that does not exist', () => {
    const catalogue = t.app.routeCatalogue.map(keyOf);
    const covered = new Set(CASES.flatMap((c) => routesOf(c).map(keyOf)));
    expect({
      routesWithoutCases: catalogue.filter((key) => !covered.has(key)),
      casesOfUnknownRoutes: [...covered].filter((key) => !catalogue.includes(key)),
    }).toEqual({ routesWithoutCases: [], casesOfUnknownRoutes: [] });
  });

  it('answers every cell as the table says', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const c of CASES) {
      for (const route of routesOf(c)) {
        const name = `${keyOf(route)}${c.note ? ` (${c.note})` : ''}`;
        for (const actor of ACTORS) {
          const { params, ...options } = await c.request({ f: fixture, t, actor, route });
          const res = await t.app.inject({
            ...options,
            method: route.method,
            url: urlOf(route, params),
            headers: { ...options.headers, ...sessions[actor] },
            remoteAddress: nextAddress(),
          });
          cells += 1;
          // An open event stream is left after its status; a refusal is read whole.
          const body = !options.payloadAsStream
            ? res.body
            : res.statusCode === 200
              ? (res.stream().destroy(), '')
              : await text(res.stream());
          if (res.statusCode !== c.expected[actor]) {
            mismatches.push(
              `${name} as ${actor}: expected ${c.expected[actor]}, got ${res.statusCode} ${body.slice(0, 160)}`,
            );
          }
          // Nothing the outsider receives carries organization A's data.
          if (actor === 'outsider') expect(body, name).not.toContain('Alpha');
        }
      }
    }
    console.log(
      `authorization matrix: ${cells} cells checked (${cells / ACTORS.length} case routes x ${ACTORS.length} callers)`,
    );
    expect(mismatches).toEqual([]);
    // About 1,300 requests: on two cores shared with the other suites this takes minutes.
  }, 900_000);

  it('decides access before validating input: 401 without a session, 403 on provider-only routes', async () => {
    const call = (route: Route, actor: ActorName, query?: Record<string, string>) =>
      t.app.inject({
        method: route.method,
        // Every id of the path is invalid; no query and no body unless given.
        url: route.url.replace(/:\w+/g, 'not-an-id'),
        ...(query ? { query } : {}),
        headers: sessions[actor],
      });
    const mismatches: string[] = [];
    const expectStatus = async (route: Route, actor: ActorName, status: number, query?: Record<string, string>) => {
      const res = await call(route, actor, query);
      if (res.statusCode !== status) {
        mismatches.push(
          `${keyOf(route)} as ${actor}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };

    // The probe's case: a User asking for the logs report without a date range.
    await expectStatus(routeOf('GET /api/v1/export/Organization-logs'), 'user', 403);
    await expectStatus(routeOf('GET /api/v1/export/Organization-logs'), 'user', 403, { 'DateRange.Start': 'x' });

    // Every route that needs a session says so before it looks at the input.
    const signedInRoutes = t.app.routeCatalogue.filter((r) => !isPublic(keyOf(r)));
    for (const route of signedInRoutes) await expectStatus(route as Route, 'anon', 401);

    // The provider's routes (SuperAdmin only, whatever the organization) refuse everyone else first.
    const providerOnly = CASES.filter(
      (c) =>
        c.expected.sa < 300 &&
        (['admin', 'user56', 'user', 'inactive', 'outsider'] as const).every((a) => c.expected[a] === 403),
    ).flatMap(routesOf);
    expect(providerOnly.map(keyOf)).toContain('GET /api/v1/export/Organization-logs');
    for (const route of providerOnly) {
      for (const actor of ['admin', 'user', 'inactive', 'outsider'] as const) await expectStatus(route, actor, 403);
    }
    expect(mismatches).toEqual([]);
  });
});
