import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type {
  Language,
  MembershipRestriction,
  MembershipStatus,
  OrganizationStatus,
  Role,
  TrainingRecord,
} from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import {
  auditEvents,
  documentTypes,
  memberships,
  organizations,
  userGroupMembers,
  userGroupPermissions,
  userAccessCodes,
  userGroups,
  users,
} from '../db/schema/index.js';
import { newId } from '../core/ids.js';
import { hashPassword } from '../core/passwords.js';
import { PNG_BYTES, multipartFile } from './multipart.js';

export const DEFAULT_PASSWORD = 'Passw0rd!';
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** The access code `giveAccessCode` gives. */
export const ACCESS_CODE = '135790';
/** A valid access code (ACCESS_CODE unless given) for the person, as 'Send me my access code' would make one. */
export async function giveAccessCode(db: DbOrTx, userId: string, code = ACCESS_CODE) {
  await db.insert(userAccessCodes).values({ id: newId(), userId, codeHash: await hashOnce(code) });
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createOrganization(
  db: DbOrTx,
  values: { name?: string; status?: OrganizationStatus; isManagedByClient?: boolean } = {},
) {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId(),
      name: values.name ?? `Org ${unique()}`,
      status: values.status ?? 'Active',
      isManagedByClient: values.isManagedByClient ?? false,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: DbOrTx,
  values: {
    role?: Role;
    email?: string;
    password?: string | null;
    firstName?: string;
    lastName?: string;
    language?: Language;
    memberOf?: { organizationId: string; status?: MembershipStatus; restriction?: MembershipRestriction }[];
  } = {},
) {
  const password = values.password === undefined ? DEFAULT_PASSWORD : values.password;
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: values.email ?? `person-${unique()}@example.test`,
      role: values.role ?? 'User',
      firstName: values.firstName ?? 'Pat',
      lastName: values.lastName ?? 'Doe',
      passwordHash: password === null ? null : await hashOnce(password),
      emailConfirmed: password !== null,
      ...(values.language ? { language: values.language } : {}),
    })
    .returning();
  for (const m of values.memberOf ?? []) {
    await db.insert(memberships).values({
      organizationId: m.organizationId,
      userId: user!.id,
      status: m.status ?? 'Active',
      restriction: m.restriction ?? 'none',
    });
  }
  return { ...user!, password: password ?? '' };
}

/** Signs in through the API and returns the tokens and a ready Authorization header. */
export async function signIn(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/sessions', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json().data as { token: { accessToken: string; refreshToken: string } };
  return { ...token, headers: { authorization: `Bearer ${token.accessToken}` } };
}

type Names = { firstName?: string; lastName?: string };

/**
 * How most API files start: organizations A ('Alpha Devices') and B ('Beta Labs') and a signed-in
 * Admin of each; B's Admin, the outsider, checks that A's records stay A's.
 */
export async function twoOrganizations(
  { app, db }: { app: FastifyInstance; db: DbOrTx },
  names: { admin?: Names; outsider?: Names } = {},
) {
  const orgA = (await createOrganization(db, { name: 'Alpha Devices' })).id;
  const orgB = (await createOrganization(db, { name: 'Beta Labs' })).id;
  const adminOf = async (organizationId: string, personNames: Names = {}) => {
    const user = await createUser(db, { role: 'Admin', ...personNames, memberOf: [{ organizationId }] });
    return { id: user.id, email: user.email, role: 'Admin' as const, headers: (await signIn(app, user.email)).headers };
  };
  return { orgA, orgB, admin: await adminOf(orgA, names.admin), outsider: await adminOf(orgB, names.outsider) };
}

/** The first link of an e-mail's text, with its page and query values (e-mailed token links). */
export function linkInMail(text: string) {
  const found = /https?:\/\/\S+/.exec(text);
  if (!found) throw new Error(`no link in mail: ${text}`);
  const url = new URL(found[0]);
  return {
    url: found[0],
    path: url.pathname,
    email: url.searchParams.get('email') ?? '',
    token: url.searchParams.get('token') ?? '',
  };
}

/** A user group with switched-on permission types and members (who must be members of the organization). */
export async function createUserGroup(
  db: DbOrTx,
  values: { organizationId: string; name?: string; permissions?: number[]; userIds?: string[] },
) {
  const { organizationId } = values;
  const [group] = await db
    .insert(userGroups)
    .values({ organizationId, id: newId(), name: values.name ?? `Group ${unique()}` })
    .returning();
  const groupId = group!.id;
  if (values.permissions?.length) {
    await db.insert(userGroupPermissions).values(values.permissions.map((type) => ({ organizationId, groupId, type })));
  }
  if (values.userIds?.length) {
    await db.insert(userGroupMembers).values(values.userIds.map((userId) => ({ organizationId, groupId, userId })));
  }
  return group!;
}

/** The newest audit event of an action on a record. */
export async function lastAudit(db: DbOrTx, entityId: string, action: string) {
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.seq));
  return event;
}

export type AuthHeaders = Record<string, string>;

/** A file of the organization uploaded through the API by the person (documents attach files by id). */
export async function uploadOrganizationFile(
  app: FastifyInstance,
  headers: AuthHeaders,
  organizationId: string,
  fileName = 'procedure.txt',
  bytes: Buffer = Buffer.from(`Procedure ${unique()}\n`),
): Promise<string> {
  const body = multipartFile(fileName, bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/upload/file',
    query: { organizationId },
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** An image uploaded through the API by the person (an avatar or a logo): its id. */
export async function uploadImage(
  app: FastifyInstance,
  headers: AuthHeaders,
  fileName = 'avatar.png',
  bytes = PNG_BYTES,
) {
  const body = multipartFile(fileName, bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/upload/image',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  if (res.statusCode !== 201) throw new Error(`image upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** A document type of the organization. */
export async function createDocumentType(db: DbOrTx, organizationId: string, name = `Type ${unique()}`) {
  const [row] = await db.insert(documentTypes).values({ organizationId, id: newId(), name }).returning();
  return row!;
}

export interface DocumentValues {
  /** A new type of the organization when left out. */
  typeId?: string;
  name?: string;
  revision?: number;
  /** The responsible; the creator when left out. */
  submitterId?: string;
  /** A new file uploaded by the creator when left out. */
  fileId?: string;
  typeDescription?: string;
  revisionDescription?: string;
  extraFileIds?: string[];
  tagIds?: string[];
  reviewerIds?: string[];
  approverIds?: string[];
  requiresTraining?: boolean;
}

/**
 * A document created through the API as the Wizard does it: General (POST /documents), then
 * Quality Actions when reviewers, approvers or training are given. `by` needs the right to add
 * documents and to edit Quality Actions (an Admin has both). Answers the document's detail.
 */
export async function createDocument(
  app: FastifyInstance,
  db: DbOrTx,
  by: { id: string; headers: AuthHeaders },
  organizationId: string,
  values: DocumentValues = {},
) {
  const typeId = values.typeId ?? (await createDocumentType(db, organizationId)).id;
  const fileId = values.fileId ?? (await uploadOrganizationFile(app, by.headers, organizationId));
  const revision = values.revision ?? 1;
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/documents',
    headers: by.headers,
    payload: {
      organizationId,
      typeId,
      submitterId: values.submitterId ?? by.id,
      name: values.name ?? `Procedure ${unique()}`,
      revision,
      revisionDescription: values.revisionDescription ?? 'First issue',
      typeDescription: values.typeDescription ?? null,
      fileId,
      extraFileIds: values.extraFileIds ?? [],
      tagIds: values.tagIds ?? [],
    },
  });
  if (created.statusCode !== 201) throw new Error(`document create failed: ${created.statusCode} ${created.body}`);
  const document = created.json().data as { id: string; number: number; revision: number; [key: string]: unknown };
  if (values.reviewerIds?.length || values.approverIds?.length || values.requiresTraining) {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/documents/${document.id}/quality-tasks`,
      headers: by.headers,
      payload: {
        organizationId,
        revision,
        reviewerIds: values.reviewerIds ?? [],
        approverIds: values.approverIds ?? [],
        requiresTraining: values.requiresTraining ?? false,
        isCreating: true,
      },
    });
    if (saved.statusCode !== 200) throw new Error(`quality actions failed: ${saved.statusCode} ${saved.body}`);
  }
  return document;
}

export interface TrainingValues {
  name?: string;
  description?: string;
  dueDate?: string;
  /** The creator when left out. */
  assignerId?: string;
  assigneeUserIds?: string[];
  newAssigneeUserGroupIds?: string[];
  fileIds?: string[];
  tagIds?: string[];
  /** One question with a right answer A and a wrong answer B when left out. */
  questions?: { name: string; answers: { name: string; isCorrect: boolean }[] }[];
  documentModel?: { id: string; revision: number };
}

/**
 * A training created through the API as the form does it. `by` needs the right to add trainings
 * (an Admin has it); its assignees the creator when none are given. Answers the training's detail.
 */
export async function createTraining(
  app: FastifyInstance,
  by: { id: string; headers: AuthHeaders },
  organizationId: string,
  values: TrainingValues = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/training-records',
    headers: by.headers,
    payload: {
      organizationId,
      name: values.name ?? `Training ${unique()}`,
      description: values.description ?? 'Read the procedure and answer the quiz',
      dueDate: values.dueDate ?? '2030-06-01',
      assignerId: values.assignerId ?? by.id,
      assigneeUserIds: values.assigneeUserIds ?? (values.newAssigneeUserGroupIds?.length ? [] : [by.id]),
      newAssigneeUserGroupIds: values.newAssigneeUserGroupIds ?? [],
      fileIds: values.fileIds ?? [],
      tagIds: values.tagIds ?? [],
      questions: values.questions ?? [
        {
          name: 'What do you do first?',
          answers: [
            { name: 'Read the procedure', isCorrect: true },
            { name: 'Skip it', isCorrect: false },
          ],
        },
      ],
      ...(values.documentModel ? { documentModel: values.documentModel } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`training create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as TrainingRecord;
}
