// Business constants and limits from the product specification (section 9), shared by web, functions and infra.

const MiB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Files up to this size go up in one presigned PUT; larger ones use multipart. */
  singleUploadMaxBytes: 5 * MiB,
  minPartBytes: 5 * MiB,
  maxParts: 10_000,
  parallelParts: 4,
  /** The product's cap per file (S3 allows 5 TB, but one API answer must carry every part's URL). */
  maxFileBytes: 5 * 1024 * MiB,
  /** An admin's OneRoster package: far above a real one (5,000 people zip to about 200 kB), and read whole in memory. */
  rosterPackageMaxBytes: 50 * MiB,
  /** How long an upload URL stays valid. */
  uploadUrlTtlSeconds: 3600,
  /** Multipart uploads one teacher may have open (started, not yet completed, cancelled or expired) at a time. */
  openUploadsMax: 10,
  /**
   * Times one multipart upload's part URLs may be signed again. The web renews every unfinished part at once, about
   * once per URL lifetime, so an upload alive its whole day needs 24.
   */
  renewalsPerUploadMax: 24,
} as const;

/**
 * Requests one person (their token's `sub`) may make to the API in one window, across every route; more are answered
 * 429 with Retry-After (functions/src/platform/rate-limit.ts). Far above what the app sends for one person.
 */
export const CALLER_RATE_LIMIT = {
  requestsPerWindow: 300,
  windowSeconds: 60,
} as const;

/**
 * Headers a single upload's PUT must send besides its Content-Type: its URL is signed with them. `If-None-Match: *`
 * makes storage refuse the PUT once an object is there, so the URL writes its key once.
 */
export const SINGLE_UPLOAD_HEADERS = { 'If-None-Match': '*' } as const;

export const DOWNLOAD_URL_TTL_SECONDS = 900;

export const TEXT_LIMITS = {
  titleMaxLength: 200,
  descriptionMaxLength: 5000,
  fileNameMaxLength: 255,
  idMaxLength: 100,
  storageKeyMaxLength: 1024,
  sectionsPerModuleMax: 100,
} as const;

export const DASHBOARD_CLASS_COUNT = 4;
export const DASHBOARD_MODULE_COUNT = 5;
export const SAVED_CONFIRMATION_MS = 3000;
export const QUOTE_ROTATION_MS = 5000;
export const CAROUSEL_WIDE_BREAKPOINT_PX = 768;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * What a signed-in person may change about themselves with their own access token (the app client's WriteAttributes):
 * a harmless preference only. Name and e-mail change through the API, which validates them. (No list at all would
 * mean every standard attribute to Cognito.)
 */
export const SELF_WRITABLE_ATTRIBUTES = ['locale'] as const;

/** Paged reads of a class (its roster, its report; shared/contract/blocks.ts). */
export const PAGE_LIMITS = {
  /** Students per page of a roster or a report. */
  studentsMax: 100,
  /** A report page's answer stays under this many bytes (Lambda allows 6 MB); fewer students when modules are many. */
  reportPageBytesMax: 1_000_000,
  /** The unpaged report (the spec's answer) is refused above this size: ask for pages instead. */
  unpagedReportBytesMax: 5_000_000,
} as const;
