import { and, eq } from 'drizzle-orm';
import { hrRecords, memberships } from '../../../db/schema/index.js';
import { uploadOrganizationFile } from '../../factories.js';
import type { TestContext } from '../../harness.js';
import { ADMINS_ONLY, once, personIn, type Case, type Cell, type Fixture } from '../matrix.js';

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

/** user's HR record in A with a CV uploaded by the Admin (made once). */
function cvRecordInA({ t, f }: Cell) {
  return once(f, 'cv record', async () => {
    const fileId = await uploadOrganizationFile(t.app, f.sessions.admin, f.orgA, 'cv.txt');
    const id = await hrRecordInA(t, f, f.ids.user);
    await t.db
      .update(hrRecords)
      .set({ fileId })
      .where(and(eq(hrRecords.organizationId, f.orgA), eq(hrRecords.id, id)));
    return { id, fileId };
  });
}

/** HR records (their exports: exports.ts). */
export const hrCases: Case[] = [
  // HR records: the Admins' and the SuperAdmin's only; a User is refused before the organization is read
  {
    routes: ['GET /api/v1/human-resource-records', 'GET /api/v1/human-resource-records/available'],
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
];
