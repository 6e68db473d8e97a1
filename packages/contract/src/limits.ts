/** Business constants of spec 01 section 9, shared by the server and the browser. */
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
/** The spec's shared text limits (spec 03 section 5 leaves the values open): names and titles, descriptions. */
export const SHORT_TEXT_MAX_LENGTH = 255;
export const LONG_TEXT_MAX_LENGTH = 5000;
/** An external link (http:// or https://). */
export const LINK_MAX_LENGTH = 2048;
/** Lookups (assignee, assigner and other option lists) answer at most this many entries (spec 03 section 9). */
export const LOOKUP_LIMIT = 20;

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_LIST_LIMIT = 10000;
/**
 * A list's total is counted no further than this many rows past the page's first row: a larger
 * total is answered as that floor with `pagination.totalCapped`, shown as 'of 10000+' (the next
 * pages count further on, so every row stays reachable). Issue 26: a count is a scan of every
 * filtered row, the cost of a first page at 100,000 rows.
 */
export const LIST_TOTAL_CAP = 10000;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * A Single PDF or PDF archive of at most this many records streams as the answer; a larger one
 * (a PDF takes ~50 ms a record, past the client's 30 s download timeout) is made by a background
 * job and e-mailed to the person as a download link (docs/api.md, "Large PDF exports").
 * The server's RECORD_EXPORT_STREAM_MAX setting may lower or raise it.
 */
export const RECORD_EXPORT_STREAM_MAX = 200;
/** Days the e-mailed link of a large export works; the file is removed afterwards. */
export const EXPORT_FILE_DAYS = 7;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_BYTES = 30 * 1024 * 1024;
/** Image extensions the spec allows (avatar, logos); the content is checked too. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpgs', 'jpeg', 'png', 'svg'] as const;

/** Cells show a tooltip past these lengths (spec 01 section 9). */
export const TEXT_TOOLTIP_LENGTH = 10;
export const NAME_TOOLTIP_LENGTH = 100;
/** Organizations fetched for the organization chooser. */
export const ORGANIZATION_SELECTION_LIMIT = 100;

export const TOAST_DURATION_MS = 10000;
export const TOAST_DEDUPE_MS = 200;
