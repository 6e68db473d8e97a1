import { z } from 'zod';
import { archivalHead } from '../../core/record-pdf.js';
import { recordAudit } from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import { exportFileName } from '../../core/exports.js';
import { newId } from '../../core/ids.js';
import { enqueueJob } from '../../core/jobs.js';
import { ManifestedZip } from '../../core/manifested-zip.js';
import type { ServiceContext } from '../../core/service-context.js';
import { writeInspectionPackage } from './inspection-package-contents.js';
import { letterheadOf } from './letterhead.js';
import { defineExportFileKind, deliverExportFile, requesterAccess, storeExportFile } from './record-exports.js';

/**
 * 'Export everything' (issue 23): the organization's inspection package, one ZIP of all its
 * records made by a background job as its requester and e-mailed as the 7-day link of the other
 * large exports (record-exports.ts). Its contents: inspection-package-contents.ts.
 */

export const INSPECTION_PACKAGE_JOB = 'inspection-package';
/** The export files' `source` of a package; its download passes the package's policy. */
const INSPECTION_PACKAGE_KIND = 'inspection-package';
const POLICY = 'organization.inspectionPackage';
defineExportFileKind(INSPECTION_PACKAGE_KIND, POLICY);

export const ZInspectionPackagePayload = z.object({
  organizationId: z.uuid(),
  requesterId: z.uuid(),
  sessionId: z.string(),
  /** When the person asked: the time in the file name. */
  requestedAt: z.iso.datetime(),
});
type InspectionPackagePayload = z.infer<typeof ZInspectionPackagePayload>;

/** Queues the package and audits the request, in one transaction. */
export async function requestInspectionPackage(ctx: ServiceContext): Promise<void> {
  const { access } = ctx;
  const organizationId = access.organization.id;
  const payload: InspectionPackagePayload = {
    organizationId,
    requesterId: access.actor.userId,
    sessionId: access.actor.sessionId,
    requestedAt: new Date().toISOString(),
  };
  await ctx.app.database.db.transaction(async (tx) => {
    const jobId = await enqueueJob(tx, INSPECTION_PACKAGE_JOB, { ...payload }, { organizationId });
    await recordAudit(tx, ctx.audit, {
      organizationId,
      infoType: 'Organizations',
      action: 'export-package',
      entityType: 'inspection-package',
      entityId: jobId,
      after: { requestedAt: payload.requestedAt },
    });
  });
}

/**
 * The job: checks the requester may still export everything here, streams the package into the
 * file storage (hashing every entry on its way, the manifest last) and mails them the link. A
 * failure leaves no file behind; the job is retried as any other.
 */
export async function runInspectionPackage(ctx: AppContext, payload: InspectionPackagePayload): Promise<void> {
  const { user, access } = await requesterAccess(ctx, payload, POLICY);
  const fileId = newId();
  const storageKey = `exports/${payload.organizationId}/${fileId}.zip`;
  const head = await archivalHead(await letterheadOf(ctx, access));
  const zip = new ManifestedZip(head.exportedAt);
  const stored = storeExportFile(ctx, storageKey, zip.stream);
  let counts;
  try {
    counts = await writeInspectionPackage(ctx, access, zip, head);
    await zip.finish();
  } catch (error) {
    await zip.fail(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const facts = await stored;
  await deliverExportFile(ctx, {
    user,
    organization: access.organization,
    fileId,
    storageKey,
    source: INSPECTION_PACKAGE_KIND,
    format: 'zip',
    count: counts.documents + counts.actions + counts.trainings + counts.hrRecords,
    facts,
    fileName: exportFileName('Inspection-package', user.email, new Date(payload.requestedAt), 'zip'),
    mail: {
      template: 'inspectionPackage',
      values: {
        documents: counts.documents,
        actions: counts.actions,
        trainings: counts.trainings,
        hrRecords: counts.hrRecords,
      },
    },
  });
}
