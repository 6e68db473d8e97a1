import { buffer } from 'node:stream/consumers';
import { DEFAULT_LANGUAGE } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { AppContext } from '../../core/context.js';
import type { PdfLetterhead } from '../../core/record-pdf.js';
import { findImages } from '../uploads/uploads.repository.js';
import { findUserById } from '../users/users.repository.js';

/** Kinds of logo pdfkit draws; an SVG logo is left out of PDFs (the name is always printed). */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

/**
 * The organization's name and logo, and who exports now: the top and foot of every exported
 * page; the exporting person's language is the PDF's (its /Lang).
 */
export async function letterheadOf(app: AppContext, access: OrganizationAccess): Promise<PdfLetterhead> {
  const { organization, actor } = access;
  const [[logo], person] = await Promise.all([
    organization.logoFileId ? findImages(app.database.db, [organization.logoFileId]) : [],
    findUserById(app.database.db, actor.userId),
  ]);
  const logoBytes =
    logo && DRAWABLE.has(logo.contentType) ? await buffer(await app.storage.read(logo.storageKey)) : null;
  return {
    organizationName: organization.name,
    logo: logoBytes,
    exportedBy: actor.email,
    exportedAt: new Date(),
    language: person?.language ?? DEFAULT_LANGUAGE,
  };
}
