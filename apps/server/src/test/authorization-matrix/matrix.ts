import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { actions, userAccessCodes } from '../../db/schema/index.js';
import { nextNumber } from '../../core/counters.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { createTestContext, type TestContext } from '../harness.js';
import {
  DEFAULT_PASSWORD,
  createDocument,
  createOrganization,
  createTraining,
  createUser,
  createUserGroup,
  signIn,
  uploadOrganizationFile,
  type AuthHeaders,
} from '../factories.js';
import { multipartFile, PNG_BYTES } from '../multipart.js';

/**
 * Every API route, called by every kind of caller, mostly against organization A. The rows come
 * from the route catalogue (`app.routeCatalogue`): each case names the routes it covers, and a
 * route without a case fails catalogue.test.ts, so a new route cannot go unchecked. A GET case
 * also covers the HEAD route Fastify derives from it (same access, same expected status).
 *
 * The cases are kept per area in `cases/`; each area's test file walks its own cases on a fixture
 * of its own (the files run side by side), and catalogue.test.ts checks the union of all areas.
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
export const ACTORS = ['anon', 'sa', 'admin', 'user56', 'user', 'inactive', 'outsider', 'client', 'hrLimited'] as const;
export type ActorName = (typeof ACTORS)[number];
export type Expected = Record<ActorName, number>;

/** user's access code, for the approval cells. */
export const MATRIX_ACCESS_CODE = '246810';

// Frequent rows of the table.
export const row = (
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
export const EVERYONE = (status: number) => row(status, status, status, status, status, status, status, status, status);
export const SIGNED_IN = (ok: number) => row(401, ok, ok, ok, ok, ok, ok, ok);
// Policies that name their roles refuse the others before the organization is read.
export const ADMINS_ONLY = (ok: number) => row(401, ok, ok, 403, 403, 403, 404);
export const SUPERADMIN_ONLY = (ok: number) => row(401, ok, 403, 403, 403, 403, 403, 403, 403);
export const MEMBERS = (ok: number) => row(401, ok, ok, ok, ok, 422, 404);
export const SETTINGS = (ok: number) => row(401, ok, ok, ok, 403, 422, 404);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route as the catalogue names it: `${method} ${url}`. */
type RouteKey = `${Method} /api/v1/${string}`;
export interface Route {
  method: Method;
  url: string;
}

export interface Fixture {
  orgA: string;
  orgB: string;
  /** Another organization of `admin`, where people to add to A come from. */
  orgC: string;
  ids: Record<ActorName | 'targetUser' | 'targetAdmin', string>;
  emails: Record<ActorName, string>;
  /** Each caller's headers (none for anon). */
  sessions: Record<ActorName, AuthHeaders>;
  groupA: string;
  /** An image uploaded by the SuperAdmin (images are served by id). */
  imageId: string;
  /** Documents of A by the Admin: user is the reviewer of `related` only. */
  documents: Record<'related' | 'unrelated', { id: string; fileId: string; typeId: string }>;
  /** Records the cells of a file share, made by the first cell that needs them (see `once`). */
  shared: Map<string, Promise<unknown>>;
}

export interface Cell {
  f: Fixture;
  t: TestContext;
  actor: ActorName;
  route: Route;
}

/** The request of one cell; `params` fill the route's `:name` segments. */
type CellRequest = Omit<InjectOptions, 'method' | 'url' | 'path'> & { params?: Record<string, string> };

export interface Case {
  /** The catalogue routes this case covers: the same request but for the method or spelling. */
  routes: [RouteKey, ...RouteKey[]];
  /** What the case looks at, when the route alone does not say. */
  note?: string;
  expected: Expected;
  /** Built per cell, so a cell that creates or deletes works on its own records. */
  request: (cell: Cell) => Promise<CellRequest> | CellRequest;
}

let sequence = 0;
export const fresh = (label: string) => `${label} ${++sequence}`;
export const freshEmail = () => `matrix-${newId()}@example.test`;
export const today = () => new Date().toISOString().slice(0, 10);

/** A record of the file's fixture made once, by the first cell that asks for it. */
export function once<T>(f: Fixture, name: string, make: () => Promise<T>): Promise<T> {
  if (!f.shared.has(name)) f.shared.set(name, make());
  return f.shared.get(name) as Promise<T>;
}

/**
 * A network address of its own for each call: sign-in and refresh are limited per address, and
 * the matrix makes more of those calls in a minute than one person would.
 */
let addresses = 0;
export const nextAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** A person of `organizationId`, made for one cell. */
export const personIn = (t: TestContext, organizationId: string, role: 'Admin' | 'User', status?: 'Inactive') =>
  createUser(t.db, {
    role,
    password: status ? null : DEFAULT_PASSWORD,
    memberOf: [{ organizationId, ...(status ? { status } : {}) }],
  });

/** Uploads an image as the cell's caller (uploads are per person); a caller who cannot gets an unknown id. */
export async function ownImage(cell: Cell): Promise<string> {
  const body = multipartFile('image.png', PNG_BYTES);
  const uploaded = await cell.t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/image',
    payload: body.payload,
    headers: { ...cell.f.sessions[cell.actor], ...body.headers },
  });
  return uploaded.statusCode === 201 ? (uploaded.json().data.id as string) : newId();
}

/** A new action of organization A assigned by the Admin to `assigneeId`. */
export async function actionInA(
  t: TestContext,
  f: Pick<Fixture, 'orgA' | 'ids'>,
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

/**
 * A training of organization A by the Admin, with a file, assigned to `assigneeId` (the Admin by
 * default). Reads share one per assignee; a write gets a new one.
 */
export function trainingInA(cell: Cell, assigneeId = cell.f.ids.admin) {
  const { t, f, route } = cell;
  const make = async () => {
    const fileId = await uploadOrganizationFile(t.app, f.sessions.admin, f.orgA);
    const admin = { id: f.ids.admin, headers: f.sessions.admin };
    return createTraining(t.app, admin, f.orgA, { assigneeUserIds: [assigneeId], fileIds: [fileId] });
  };
  return route.method === 'GET' || route.method === 'HEAD' ? once(f, `training of ${assigneeId}`, make) : make();
}

/**
 * Organizations A (Alpha), B (Beta) and C (Gamma), the callers signed in, user56's group, an
 * action assigned to each of user56 and user, two documents of A and user's access code.
 */
export async function createFixture(t: TestContext): Promise<Fixture> {
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
  const sessions = { anon: {} } as Record<ActorName, AuthHeaders>;
  for (const actor of ACTORS.filter((a) => a !== 'anon')) {
    sessions[actor] = (await signIn(t.app, people[actor].email)).headers;
  }
  const image = multipartFile('logo.png', PNG_BYTES);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/image',
    payload: image.payload,
    headers: { ...sessions.sa, ...image.headers },
  });
  const ids = { anon: '', ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.id])) } as Fixture['ids'];
  for (const assignee of [people.user56, people.user]) await actionInA(t, { orgA, ids }, assignee.id);
  const documentBy = { id: people.admin.id, headers: sessions.admin };
  const documents = {
    related: (await createDocument(t.app, t.db, documentBy, orgA, { reviewerIds: [people.user.id] })) as never,
    unrelated: (await createDocument(t.app, t.db, documentBy, orgA)) as never,
  };
  await t.db
    .insert(userAccessCodes)
    .values({ id: newId(), userId: people.user.id, codeHash: await hashPassword(MATRIX_ACCESS_CODE) });
  return {
    orgA,
    orgB,
    orgC,
    ids,
    emails: {
      anon: '',
      ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.email])),
    } as Fixture['emails'],
    sessions,
    groupA: group.id,
    imageId: uploaded.json().data.id,
    documents,
    shared: new Map(),
  };
}

/** The app and fixture of one test file, made in beforeAll (hence the getter). */
export function matrixContext() {
  let t: TestContext;
  let f: Fixture;
  beforeAll(async () => {
    // A walk queues many mails and jobs it never reads: the workers stay asleep, so closing does
    // not wait for a poll that drains them all.
    const idle = 24 * 60 * 60 * 1000;
    t = await createTestContext({ mailPollMs: idle, jobPollMs: idle });
    f = await createFixture(t);
  });
  afterAll(() => t.close());
  return () => ({ t, f });
}

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
export const routeOf = (key: string): Route => {
  const [method, url] = key.split(' ') as [Method, string];
  return { method, url };
};

/** The routes a case covers: those it names, and the HEAD twin of each GET it names. */
export function routesOf(app: FastifyInstance, c: Case): Route[] {
  const catalogue = new Set(app.routeCatalogue.map(keyOf));
  return c.routes.flatMap((key) => {
    const head = key.replace(/^GET /, 'HEAD ');
    return [routeOf(key), ...(key.startsWith('GET ') && catalogue.has(head) ? [routeOf(head)] : [])];
  });
}

/** The route's URL with its `:name` segments filled; a segment left open is a mistake of the case. */
function urlOf(route: Route, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.url}: no value for :${name}`);
    return value;
  });
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += chunk.toString();
  return all;
}

/** The test of one area: every route of its cases called by every caller, on a fixture of its own. */
export function describeArea(area: string, cases: Case[]) {
  const context = matrixContext();
  describe(`authorization matrix: ${area}`, () => {
    it('answers every cell as the table says', async () => {
      const { t, f } = context();
      const mismatches: string[] = [];
      let cells = 0;
      for (const c of cases) {
        for (const route of routesOf(t.app, c)) {
          const name = `${keyOf(route)}${c.note ? ` (${c.note})` : ''}`;
          for (const actor of ACTORS) {
            const { params, ...options } = await c.request({ f, t, actor, route });
            const res = await t.app.inject({
              ...options,
              method: route.method,
              url: urlOf(route, params),
              headers: { ...options.headers, ...f.sessions[actor] },
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
        `authorization matrix, ${area}: ${cells} cells checked (${cells / ACTORS.length} case routes x ${ACTORS.length} callers)`,
      );
      expect(mismatches).toEqual([]);
    }, 900_000);
  });
}
