import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_RESTRICTIONS,
  Permission,
  ROLES,
  type MembershipRestriction,
  type PermissionType,
  type Role,
} from '@qualis/contract';
import { permissionsOf, type OrganizationAccess, type OrganizationRow } from '../core/access.js';
import { newId } from '../core/ids.js';
import type { Database, DbOrTx } from '../db/client.js';
import {
  actions,
  documentParticipants,
  documents,
  hrRecords,
  memberships,
  trainingAssignments,
  trainingAttempts,
  trainingRecords,
} from '../db/schema/index.js';
import { actionsVisibleTo } from '../modules/actions/actions.repository.js';
import { documentsVisibleTo } from '../modules/documents/document-visibility.js';
import { documentStateOf } from '../modules/documents/document-states.js';
import { hrRecordsVisibleTo } from '../modules/hr-records/hr-records.repository.js';
import { can } from '../modules/policies.js';
import { trainingsVisibleTo } from '../modules/training-records/training-visibility.js';
import { createOrganization, createUser } from './factories.js';
import { openTestDatabase } from './harness.js';
import { req } from '../../../../docs/requirements/req.js';

/**
 * Each view rule exists twice: the policy (`can(access, 'x.view', row)`) and its SQL twin
 * (`xVisibleTo(access)`), which the lists, counts, details and exports read. For people and rows
 * drawn from a seeded generator, a row comes back under the predicate exactly when the policy lets
 * the person see it. A failure names its seed: VISIBILITY_SEED=<seed> replays it.
 */

const SEED = Number(process.env.VISIBILITY_SEED) || Math.floor(Math.random() * 2 ** 31);
const PEOPLE = 300;
const ROWS = 30;

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p = 0.5) => next() < p;
  const someOf = <T>(items: readonly T[], p = 0.5): T[] => items.filter(() => chance(p));
  return { int, pick, chance, someOf };
}

/** The view permissions the predicates read, and some others that must change nothing. */
const PERMISSIONS: readonly PermissionType[] = [
  Permission.ViewAllDocuments,
  Permission.ViewApprovedAndRelatedDocuments,
  Permission.ViewAllActions,
  Permission.ViewRelatedActions,
  Permission.ViewAllTrainingRecords,
  Permission.AddDocuments,
  Permission.EditRelatedDocuments,
  Permission.EditOwnOrAssignedActions,
  Permission.EditOwnTrainingRecords,
];

interface DocumentRow {
  id: string;
  creatorId: string;
  participants: Set<string>;
  releasedRevision: number | null;
  effectiveRevision: number | null;
}
interface ActionRow {
  id: string;
  status: 'ToDo' | 'Complete';
  kind: string;
  creatorId: string;
  assignerId: string;
  assigneeId: string;
}
interface TrainingRow {
  id: string;
  creatorId: string;
  assignerId: string;
  assignees: Set<string>;
  passed: Set<string>;
}

let database: Database;
let db: DbOrTx;
let organization: OrganizationRow;
/** The members rows relate to; each person of a case is one of them (or the SuperAdmin). */
let members: string[];
let superAdminId: string;
const newWorld = () => ({
  documents: [] as DocumentRow[],
  actions: [] as ActionRow[],
  trainings: [] as TrainingRow[],
  hrRecordIds: [] as string[],
});
type World = ReturnType<typeof newWorld>;
/** The rows of the organization of the cases. */
const world = newWorld();
/** Rows of another organization of the same people: nobody's case may return them. */
const outside = newWorld();
const random = generator(SEED);

/**
 * Documents whose revisions each have a creator, a responsible, reviewers and approvers and a
 * status, some final: the document's participants and released revision follow from them, as the
 * service keeps them (document_participants, released_revision).
 */
async function addDocuments(organizationId: string, rows: number, into: World) {
  for (let number = 1; number <= rows; number++) {
    const creatorId = random.pick(members);
    const participants = new Set([creatorId]);
    let releasedRevision: number | null = null;
    const revisions = 1 + random.int(3);
    for (let revision = 1; revision <= revisions; revision++) {
      const status = random.pick(['Submitted', 'Reviewed', 'Approved', 'Rejected'] as const);
      const people = [random.pick(members), random.pick(members), ...random.someOf(members, 0.2)];
      people.forEach((id) => participants.add(id));
      if (status === 'Approved' && random.chance(0.7)) releasedRevision = revision;
    }
    // A released revision takes effect at once, or (here one in five) on a later day.
    const effectiveRevision = releasedRevision !== null && random.chance(0.8) ? releasedRevision : null;
    const id = newId();
    await db.insert(documents).values({
      organizationId,
      id,
      number,
      creatorId,
      latestRevision: revisions,
      releasedRevision,
      effectiveRevision,
    });
    await db
      .insert(documentParticipants)
      .values([...participants].map((userId) => ({ organizationId, documentId: id, userId })));
    into.documents.push({ id, creatorId, participants, releasedRevision, effectiveRevision });
  }
}

async function addActions(organizationId: string, rows: number, into: World) {
  for (let number = 1; number <= rows; number++) {
    const row: ActionRow = {
      id: newId(),
      status: random.pick(['ToDo', 'Complete'] as const),
      kind: random.pick(['manual', 'review', 'training']),
      creatorId: random.pick(members),
      assignerId: random.pick(members),
      assigneeId: random.pick(members),
    };
    await db.insert(actions).values({
      ...row,
      organizationId,
      number,
      name: `Action ${number}`,
      description: 'Do it',
      dueDate: '2030-01-01',
      completedAt: row.status === 'Complete' ? new Date() : null,
      ...(row.kind === 'manual' ? {} : { sourceType: 'document', sourceId: newId() }),
    });
    into.actions.push(row);
  }
}

async function addTrainings(organizationId: string, rows: number, into: World) {
  for (let number = 1; number <= rows; number++) {
    const assignees = new Set(random.someOf(members, 0.3));
    const row: TrainingRow = {
      id: newId(),
      creatorId: random.pick(members),
      assignerId: random.pick(members),
      assignees,
      passed: new Set([...assignees].filter(() => random.chance())),
    };
    await db.insert(trainingRecords).values({
      organizationId,
      id: row.id,
      number,
      name: `Training ${number}`,
      description: 'Read it',
      dueDate: '2030-01-01',
      creatorId: row.creatorId,
      assignerId: row.assignerId,
    });
    for (const userId of assignees) {
      await db.insert(trainingAssignments).values({ organizationId, trainingId: row.id, userId });
    }
    for (const userId of row.passed) {
      await db.insert(trainingAttempts).values({
        organizationId,
        id: newId(),
        trainingId: row.id,
        userId,
        cycle: 1,
        quizVersion: 1,
        answers: [],
        passed: true,
      });
    }
    into.trainings.push(row);
  }
}

/** The members' HR records (Active), an Inactive member's and a Removed one's (the record stays). */
async function addHrRecords(organizationId: string, into: World) {
  await createUser(db, { memberOf: [{ organizationId, status: 'Inactive' }] });
  const leaver = await createUser(db, { memberOf: [{ organizationId }] });
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, leaver.id)));
  const rows = await db
    .select({ id: hrRecords.id })
    .from(hrRecords)
    .where(eq(hrRecords.organizationId, organizationId));
  into.hrRecordIds = rows.map((r) => r.id);
}

/**
 * A person of a case: a role, a membership restriction and some group permissions, made into an
 * access as the pipeline makes it (`permissionsOf`; the SuperAdmin has no membership, so no
 * restriction).
 */
function personOfCase(): OrganizationAccess {
  const role: Role = random.pick(ROLES);
  const restriction: MembershipRestriction = role === 'SuperAdmin' ? 'none' : random.pick(MEMBERSHIP_RESTRICTIONS);
  const userId = role === 'SuperAdmin' ? superAdminId : random.pick(members);
  return {
    actor: { userId, email: `${userId}@example.test`, role, sessionId: newId() },
    organization,
    membershipStatus: role === 'SuperAdmin' ? null : 'Active',
    restriction,
    permissions: permissionsOf(role, random.someOf(PERMISSIONS), restriction),
  };
}

const personText = (access: OrganizationAccess) =>
  `seed ${SEED}: ${access.actor.role} (${access.restriction}) with [${[...access.permissions].join(',')}]`;

const idsOf = async (query: Promise<{ id: string }[]>) => new Set((await query).map((r) => r.id));

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  organization = await createOrganization(db);
  const other = (await createOrganization(db)).id;
  const memberOf = [{ organizationId: organization.id }, { organizationId: other }];
  members = [];
  for (let i = 0; i < 4; i++) members.push((await createUser(db, { memberOf })).id);
  superAdminId = (await createUser(db, { role: 'SuperAdmin' })).id;
  for (const [organizationId, rows, into] of [
    [organization.id, ROWS, world],
    [other, 3, outside],
  ] as const) {
    await addDocuments(organizationId, rows, into);
    await addActions(organizationId, rows, into);
    await addTrainings(organizationId, rows, into);
    await addHrRecords(organizationId, into);
  }
});

afterAll(async () => {
  await database.close();
});

describe(`the view policies and their SQL twins (seed ${SEED})`, () => {
  it(`agree on every generated person and row ${req('PERM-005')}`, async () => {
    const outsideIds = new Set([
      ...[...outside.documents, ...outside.actions, ...outside.trainings].map((row) => row.id),
      ...outside.hrRecordIds,
    ]);
    /** How often each rule answered yes and no: the generator must reach both. */
    const answers = new Map<string, Set<boolean>>();
    const check = (rule: string, returned: boolean, allowed: boolean, message: string) => {
      expect(returned, message).toBe(allowed);
      answers.set(rule, (answers.get(rule) ?? new Set()).add(allowed));
    };

    for (let i = 0; i < PEOPLE; i++) {
      const access = personOfCase();
      const me = access.actor.userId;
      const who = personText(access);

      const visibleDocuments = await idsOf(
        db.select({ id: documents.id }).from(documents).where(documentsVisibleTo(access)),
      );
      for (const d of world.documents) {
        const state = documentStateOf({ ...d, isParticipant: d.participants.has(me) });
        const allowed = can(access, 'document.view', state);
        check('document', visibleDocuments.has(d.id), allowed, `${who}, document ${JSON.stringify(state)}`);
      }

      const visibleActions = await idsOf(db.select({ id: actions.id }).from(actions).where(actionsVisibleTo(access)));
      for (const a of world.actions) {
        const allowed = can(access, 'action.view', a);
        check('action', visibleActions.has(a.id), allowed, `${who}, me ${me}, action ${JSON.stringify(a)}`);
      }

      const visibleTrainings = await idsOf(
        db.select({ id: trainingRecords.id }).from(trainingRecords).where(trainingsVisibleTo(access)),
      );
      for (const t of world.trainings) {
        const state = {
          creatorId: t.creatorId,
          assignerId: t.assignerId,
          viewerAssigned: t.assignees.has(me),
          viewerPassed: t.passed.has(me),
        };
        const allowed = can(access, 'trainingRecord.view', state);
        check('training', visibleTrainings.has(t.id), allowed, `${who}, me ${me}, training ${JSON.stringify(state)}`);
      }

      // The HR rule looks at no row (its status decides only the delete): all of them or none.
      const visibleHrRecords = await idsOf(
        db.select({ id: hrRecords.id }).from(hrRecords).where(hrRecordsVisibleTo(access)),
      );
      const allowed = can(access, 'hrRecord.view');
      for (const id of world.hrRecordIds) check('hrRecord', visibleHrRecords.has(id), allowed, `${who}, HR record`);

      const leaked = [visibleDocuments, visibleActions, visibleTrainings, visibleHrRecords].flatMap((ids) =>
        [...ids].filter((id) => outsideIds.has(id)),
      );
      expect(leaked, `${who}: rows of another organization`).toEqual([]);
    }

    expect(Object.fromEntries([...answers].map(([rule, seen]) => [rule, seen.size])), `seed ${SEED}`).toEqual({
      document: 2,
      action: 2,
      training: 2,
      hrRecord: 2,
    });
  });
});
