import { message, type UpdateHrRecordRequest } from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { can } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { findTagIds } from '../actions/actions.repository.js';
import { findOrganizationFileIds } from '../documents/document-rows.repository.js';
import { hrRecordStateOf, personNameOf } from './hr-records.presenter.js';
import {
  deleteHrRecordRows,
  lockVisibleHrRecords,
  replaceHrRecordTags,
  setHrRecordFile,
  type LockedHrRecord,
} from './hr-records.repository.js';

export const HR_INFO_TYPE = 'HR Records';
export const HR_ENTITY = 'hr-record';

/**
 * Saves the record's CV (null removes it) and tags. The CV must be a file of the organization, the
 * tags its tags; only what changes is checked and audited ('update', with the changed fields
 * before and after). The route has passed `hrRecord.edit`; a record the person cannot see is 404.
 */
export async function updateHrRecord(ctx: ServiceContext, id: string, input: UpdateHrRecordRequest): Promise<void> {
  if (input.id !== undefined && input.id !== id) throw AppError.badRequest('hrRecordIdMismatch', 'id');
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const [row] = await lockVisibleHrRecords(tx, ctx.access, [id]);
    if (!row) throw AppError.notFound();
    const next = { fileId: input.fileId, tagIds: [...input.tagIds].sort() };
    const fileChanged = next.fileId !== row.fileId;
    const tagsChanged = next.tagIds.join() !== row.tagIds.join();
    if (!fileChanged && !tagsChanged) return;

    if (fileChanged && next.fileId !== null) {
      const found = await findOrganizationFileIds(tx, organizationId, [next.fileId]);
      if (found.length === 0) throw AppError.badRequest('hrRecordCvUnknown', 'fileId');
    }
    const newTags = next.tagIds.filter((tag) => !row.tagIds.includes(tag));
    if ((await findTagIds(tx, organizationId, newTags)).length !== newTags.length) {
      throw AppError.badRequest('tagsUnknown', 'tagIds');
    }

    if (fileChanged) await setHrRecordFile(tx, organizationId, id, next.fileId);
    if (tagsChanged) await replaceHrRecordTags(tx, organizationId, id, next.tagIds);
    const [saved] = await lockVisibleHrRecords(tx, ctx.access, [id]);
    // What changed, by id and by the name a reader of the trail recognizes.
    const changes = (r: LockedHrRecord) => ({
      ...(fileChanged ? { fileId: r.fileId, fileName: r.fileName } : {}),
      ...(tagsChanged ? { tagIds: r.tagIds, tags: r.tags } : {}),
    });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: HR_INFO_TYPE,
      action: 'update',
      entityType: HR_ENTITY,
      entityId: id,
      before: changes(row),
      after: changes(saved!),
    });
  });
}

/**
 * Deletes the chosen records, all or nothing: an id the person cannot see answers 404, the record
 * of a person who still belongs to the organization 409 naming them, and then nothing is deleted.
 * One audit event per record, with what it held.
 */
export async function deleteHrRecords(ctx: ServiceContext, ids: string[]): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockVisibleHrRecords(tx, ctx.access, unique);
    if (rows.length !== unique.length) throw AppError.notFound();
    const member = rows.find((row) => !can(ctx.access, 'hrRecord.delete', hrRecordStateOf(row)));
    if (member) {
      throw AppError.conflict(message('hrRecordOfMember', { name: personNameOf(member) }), 'ids');
    }
    await deleteHrRecordRows(tx, organizationId, unique);
    for (const row of rows) {
      const { id, status: _status, ...before } = row;
      await recordAudit(tx, audit, {
        organizationId,
        infoType: HR_INFO_TYPE,
        action: 'delete',
        entityType: HR_ENTITY,
        entityId: id,
        before,
      });
    }
  });
}
