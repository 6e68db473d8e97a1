import { buffer } from 'node:stream/consumers';
import type { OrganizationAccess } from '../../core/access.js';
import type { AppContext } from '../../core/context.js';
import type { PdfLetterhead } from '../../core/record-pdf.js';
import { findImages } from '../uploads/uploads.repository.js';

/** Kinds of logo pdfkit draws; an SVG logo is left out of PDFs (the name is always printed). */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

/** The organization's name and logo, and who exports now: the top and foot of every exported page. */
export async function letterheadOf(app: AppContext, access: OrganizationAccess): Promise<PdfLetterhead> {
  const { organization, actor } = access;
  const [logo] = organization.logoFileId ? await findImages(app.database.db, [organization.logoFileId]) : [];
  const logoBytes =
    logo && DRAWABLE.has(logo.contentType) ? await buffer(await app.storage.read(logo.storageKey)) : null;
  return { organizationName: organization.name, logo: logoBytes, exportedBy: actor.email, exportedAt: new Date() };
}
