// The stored files: every bucket prefix the application writes or has AWS write, with whose files they are. The Data
// and Web stacks, the upload and export use cases and the privacy inventory (docs/privacy.md, checked by
// test/docs/privacy.test.ts) read the prefixes from here, so a new prefix is entered here or nowhere.

/** The upload bucket's prefix the API's functions may reach (IAM grants object actions under it only). */
export const FUNCTION_FILES_PREFIX = 'protected/';

export interface StoredFiles {
  bucket: 'uploads' | 'accessLogs';
  /** The key's shape; the fixed part up to the first `{` is the prefix. */
  pattern: string;
  relation: 'subject' | 'owner' | 'mentions';
  export: 'exported' | { leftOut: string };
}

export const STORED_FILES = {
  upload: { bucket: 'uploads', pattern: `${FUNCTION_FILES_PREFIX}{ownerId}/{uploadId}/{fileName}`, relation: 'owner', export: 'exported' },
  // The stored terms of all a teacher's files, gathered for their library's search (search/adapters/library-terms-store.ts).
  // In their folder, so erasing them deletes it; one level deeper than an upload, so text extraction leaves it be.
  searchTerms: {
    bucket: 'uploads',
    pattern: `${FUNCTION_FILES_PREFIX}{ownerId}/search/library/terms.json.gz`,
    relation: 'owner',
    export: { leftOut: "the words of the teacher's exported files, counted for search" },
  },
  // Under the functions' prefix, one level deeper than an upload: text extraction (search/section-texts.ts) leaves it be.
  dataExport: {
    bucket: 'uploads',
    pattern: `${FUNCTION_FILES_PREFIX}exports/{personId}/{exportId}/{fileName}`,
    relation: 'subject',
    export: { leftOut: 'an earlier export: a copy of what the new one holds' },
  },
  // A class's scores as a OneRoster gradebook: under the exports prefix, so the same lifecycle rule deletes it.
  scoresExport: {
    bucket: 'uploads',
    pattern: `${FUNCTION_FILES_PREFIX}exports/classes/{classId}/{exportId}/{fileName}`,
    relation: 'mentions',
    export: { leftOut: "a class's best scores for the school's information system: a copy of the class report's" },
  },
  // Dropped by the school's information system; outside the functions' prefix, so no upload route can write there.
  oneRosterPackage: {
    bucket: 'uploads',
    pattern: 'oneroster-sync/{fileName}',
    relation: 'mentions',
    export: { leftOut: "the school information system's roster: the school's own record" },
  },
  uploadsAccessLog: { bucket: 'accessLogs', pattern: 'uploads/{logFile}', relation: 'mentions', export: { leftOut: "AWS's request log: addresses and keys, not searchable by person" } },
  cloudFrontLog: { bucket: 'accessLogs', pattern: 'cloudfront/{logFile}', relation: 'mentions', export: { leftOut: "AWS's request log: addresses and paths, not searchable by person" } },
} as const satisfies Record<string, StoredFiles>;

export type StoredFilesName = keyof typeof STORED_FILES;

/** The fixed start of a kind of stored file's keys. */
export const storedFilesPrefix = (name: StoredFilesName) => STORED_FILES[name].pattern.split('{')[0];

/** How long an export's zip is kept before the bucket's lifecycle deletes it (its link lives much shorter). */
export const DATA_EXPORT_KEPT_DAYS = 1;

/** Where one export of a class's scores (OneRoster gradebook) is written. */
export const scoresExportKey = (classId: string, exportId: string, fileName: string) =>
  `${storedFilesPrefix('scoresExport')}${classId}/${exportId}/${fileName}`;

/** Where a teacher's library terms are kept. */
export const searchTermsKey = (ownerId: string) => STORED_FILES.searchTerms.pattern.replace('{ownerId}', ownerId);

/** Where one export of a person's data is written. */
export const dataExportKey = (personId: string, exportId: string, fileName: string) =>
  `${storedFilesPrefix('dataExport')}${personId}/${exportId}/${fileName}`;

/**
 * Where the app's origin serves stored files, by their key (CloudFront's files behaviour, the local app server): only
 * under the functions' prefix, so the OneRoster packages and the logs are never served.
 */
export const FILE_LINK_PATH_PATTERN = `/${FUNCTION_FILES_PREFIX}*`;

/** The query parameters of a file link that S3 answers with (and CloudFront caches by): not its signature. */
export const FILE_LINK_RESPONSE_OVERRIDES = ['response-content-disposition', 'response-content-type'] as const;

/** A query value encoded as the CloudFront signing library encodes it (so the signed policy names the link it returns). */
const encodeQueryValue = (text: string) => encodeURIComponent(text).replace(/'/g, '%27');

/**
 * A file link's path and query before its signature: the key, and the overrides S3 answers a signed request with
 * (always a download, under the original name; the type when one is given).
 */
export function fileLinkPath(key: string, fileName: string, mediaType?: string): string {
  const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  const [dispositionName, typeName] = FILE_LINK_RESPONSE_OVERRIDES;
  const query = [`${dispositionName}=${encodeQueryValue(disposition)}`, ...(mediaType ? [`${typeName}=${encodeQueryValue(mediaType)}`] : [])];
  return `/${key.split('/').map(encodeURIComponent).join('/')}?${query.join('&')}`;
}

/**
 * The custom policy a file link is signed with: this path and query on any origin (the functions do not know the
 * distribution's domain; the policy's `*` stands for the scheme's tail and the host), until `expiresAt` (seconds).
 */
export function fileLinkPolicy(path: string, expiresAt: number): string {
  return JSON.stringify({ Statement: [{ Resource: `http*://*${path}`, Condition: { DateLessThan: { 'AWS:EpochTime': expiresAt } } }] });
}
