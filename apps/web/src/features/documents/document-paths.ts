export const documentsPath = (organizationId: string) => `/organizations/${organizationId}/documents`;

/** A document's detail, at a revision when given (spec 03 section 2, "Links to records"). */
export const documentPath = (organizationId: string, documentId: string, revision?: number) =>
  `${documentsPath(organizationId)}/${documentId}${revision === undefined ? '' : `?revision=${revision}`}`;

/**
 * What the list passes to the detail: the name for the breadcrumb at once, and edit mode; the
 * training create screen the tab to open ('quality' after 'Create & Link Training').
 */
export interface DocumentNavigationState {
  name?: string;
  edit?: boolean;
  tab?: string;
}

/** Spec 03 section 9: document type names over 40 characters get a tooltip. */
export const DOCUMENT_TYPE_TOOLTIP_LENGTH = 40;
