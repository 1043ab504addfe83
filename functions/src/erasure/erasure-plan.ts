// What an erase removes, in one place: the steps in their order, every item type of the table with what becomes of an
// item of it that holds the person, and where a module's files go when another teacher takes it over. Every type of the table's registry that can hold a person
// (functions/src/table/item-types.ts) is matched here (erasure-plan.test.ts); an item of a type missing here stops the
// sweep (ERASURE_UNKNOWN_ITEM) rather than leave data behind.

/**
 * The steps, in order. The structured ones first, through the resources' own ports, while the items they read are
 * still there (an unenrolment takes the student's completions and scores out of the class's counters, a module's
 * deletion its progress); then the sweep, which finds whatever still holds the person; the directory user last but one,
 * so a crash before it leaves them disabled rather than gone with their data.
 */
export const ERASURE_STEPS = ['signOut', 'unenrol', 'modules', 'classes', 'sweepTable', 'sweepFiles', 'directory', 'audit'] as const;
export type ErasureStep = (typeof ERASURE_STEPS)[number];

/**
 * - `delete`: the item is the person's (an upload they started, a copy of them).
 * - `deleteIfKeyed`: theirs when its key names them (their progress, attempts); else someone else's that mentions them
 *   (a progress item on their teacher's activity index), rewritten.
 * - `rewrite`: someone else's item that mentions them: their id, e-mail and name become the pseudonym, and they leave
 *   sets (an earlier version's day of active students). Audit entries are also found by the person's name (some name only them).
 * - `keep`: the erase's own job item, which also refuses the person's tokens from its start (no item holds their id).
 */
export type Treatment = 'delete' | 'deleteIfKeyed' | 'rewrite' | 'keep';

export interface ItemType {
  item: string;
  /** The key pattern as docs/architecture.md's data model writes it. */
  key: string;
  pk: string;
  /** A prefix of the sort key ('' matches any). */
  sk: string;
  treatment: Treatment;
  /** Also found by the person's display name (besides their id and e-mail). */
  byName?: boolean;
}

/** Most specific first: the first type whose prefixes match an item is its type. */
export const ITEM_TYPES: readonly ItemType[] = [
  { item: 'Erasure job', key: 'ERASURE#{pseudonym} / ERASURE', pk: 'ERASURE#', sk: '', treatment: 'keep' },
  { item: 'Access record', key: 'ACCESS#{sub} / ACCESS', pk: 'ACCESS#', sk: '', treatment: 'delete' },
  { item: 'Person copy', key: 'PERSON#{userId} / PERSON', pk: 'PERSON#', sk: '', treatment: 'delete' },
  // Under a hash of the id: only a counter written before that change names them.
  { item: 'Request counter', key: 'RATE#{hash of sub} / WINDOW#{start}', pk: 'RATE#', sk: '', treatment: 'delete' },
  // USER#{id}: memberships, bell marker, nudges, finished modules, drafting counts, text version, open uploads.
  { item: 'A person’s own partition', key: 'USER#{userId} / *', pk: 'USER#', sk: '', treatment: 'deleteIfKeyed' },
  { item: 'Upload', key: 'UPLOAD#{uploadId} / UPLOAD', pk: 'UPLOAD#', sk: '', treatment: 'delete' },
  { item: 'File references and text', key: 'FILE#{key} / FILE|TEXT', pk: 'FILE#', sk: '', treatment: 'deleteIfKeyed' },
  { item: 'Module', key: 'MODULE#{moduleId} / MODULE', pk: 'MODULE#', sk: 'MODULE', treatment: 'rewrite' },
  { item: 'Check index', key: 'MODULE#{moduleId} / CHECKS', pk: 'MODULE#', sk: 'CHECKS', treatment: 'rewrite' },
  { item: 'Class', key: 'CLASS#{classId} / CLASS', pk: 'CLASS#', sk: 'CLASS', treatment: 'rewrite' },
  { item: 'Enrolment', key: 'CLASS#{classId} / STUDENT#{studentId}', pk: 'CLASS#', sk: 'STUDENT#', treatment: 'deleteIfKeyed' },
  { item: 'Progress', key: 'CLASS#{classId} / PROGRESS#{moduleId}#{studentId}', pk: 'CLASS#', sk: 'PROGRESS#', treatment: 'deleteIfKeyed' },
  { item: 'Report row', key: 'CLASS#{classId} / REPORT_ROW#{shard}#{studentId}', pk: 'CLASS#', sk: 'REPORT_ROW#', treatment: 'deleteIfKeyed' },
  { item: 'Path overrides', key: 'CLASS#{classId} / OVERRIDES#{moduleId}#{studentId}', pk: 'CLASS#', sk: 'OVERRIDES#', treatment: 'deleteIfKeyed' },
  { item: 'Completion counter', key: 'CLASS#{classId} / COMPLETIONS#{moduleId}#{shard}', pk: 'CLASS#', sk: 'COMPLETIONS#', treatment: 'rewrite' },
  { item: 'Active student', key: 'CLASS#{classId} / ACTIVE#{day}#{studentId}', pk: 'CLASS#', sk: 'ACTIVE#', treatment: 'deleteIfKeyed' },
  // An earlier version's day item (a set of the students active that day), until `npm run migrate` replaces it.
  { item: 'Active day', key: 'CLASS#{classId} / ACTIVE_DAY#{day}', pk: 'CLASS#', sk: 'ACTIVE_DAY#', treatment: 'rewrite' },
  { item: 'Score totals', key: 'CLASS#{classId} / SCORE_TOTALS#{shard}', pk: 'CLASS#', sk: 'SCORE_TOTALS', treatment: 'rewrite' },
  { item: 'Check', key: 'CHECK#{moduleId}#{sectionId} / CHECK', pk: 'CHECK#', sk: 'CHECK', treatment: 'rewrite' },
  { item: 'Attempt', key: 'CHECK#{moduleId}#{sectionId} / ATTEMPT#{classId}#{studentId}#{n}', pk: 'CHECK#', sk: 'ATTEMPT#', treatment: 'deleteIfKeyed' },
  { item: 'Check statistics', key: 'CHECK#{moduleId}#{sectionId} / STATS#{classId}#{version}', pk: 'CHECK#', sk: 'STATS#', treatment: 'rewrite' },
  { item: 'Attempts used', key: 'CHECK#{moduleId}#{sectionId} / USED#{studentId}', pk: 'CHECK#', sk: 'USED#', treatment: 'deleteIfKeyed' },
  { item: 'Settled drafts', key: 'CHECK#{moduleId}#{sectionId} / DRAFTS-SETTLED', pk: 'CHECK#', sk: 'DRAFTS-SETTLED', treatment: 'rewrite' },
  { item: 'Class catalogue entry', key: 'CLASSES / CLASS#{classId}', pk: 'CLASSES', sk: '', treatment: 'rewrite' },
  { item: 'Audit entry', key: 'AUDIT / {time}#{uuid}', pk: 'AUDIT', sk: '', treatment: 'rewrite', byName: true },
  { item: 'School drafting count', key: 'SCHOOL / DRAFTS#{day}', pk: 'SCHOOL', sk: '', treatment: 'rewrite' },
  // An import's history quotes rows (names, e-mails) in its errors; the links are the person's, or their enrolments.
  { item: 'OneRoster run', key: 'ONEROSTER-RUNS / {at}#{runId}', pk: 'ONEROSTER-RUNS', sk: '', treatment: 'rewrite', byName: true },
  { item: 'OneRoster link', key: 'ONEROSTER / {kind}#{sourcedId}', pk: 'ONEROSTER', sk: '', treatment: 'delete' },
  // A launch's links and codes: the person's own, gone with them (a later launch from the LMS makes a new person).
  { item: 'LTI person link', key: 'LTI_PERSON#{platformId}#{sub} / PERSON', pk: 'LTI_PERSON#', sk: '', treatment: 'delete' },
  { item: 'LTI sign-in code', key: 'LTI_SIGN_IN#{codeHash} / CODE', pk: 'LTI_SIGN_IN#', sk: '', treatment: 'delete' },
  { item: 'LTI deep linking request', key: 'LTI_DEEP_LINK#{requestId} / REQUEST', pk: 'LTI_DEEP_LINK#', sk: '', treatment: 'delete' },
];

export const ERASURE_UNKNOWN_ITEM = (pk: string, sk: string) =>
  `An item of a type the erase does not know (${pk} / ${sk}) holds the person's data; nothing more was erased. Add its type to functions/src/erasure/erasure-plan.ts, then erase again.`;

/** The type of an item by its keys; undefined for a type this plan does not list. */
export const itemTypeOf = (pk: string, sk: string): ItemType | undefined => ITEM_TYPES.find((type) => pk.startsWith(type.pk) && sk.startsWith(type.sk));

/** A stored file of a module that moves with it: from the erased teacher's folder to the same place in the new owner's. */
export interface FileMove {
  from: string;
  to: string;
}

/**
 * The files of a module handed over to another teacher that must leave the erased teacher's folder (which the erase
 * deletes): each key under `fromFolder` goes to the same path under `toFolder` (its upload id keeps it unique there).
 * The same for the same module, so an erase resumed after a crash moves to the same keys.
 */
export function fileMovesOf(sections: readonly { contentUrl: string }[], fromFolder: string, toFolder: string): FileMove[] {
  const keys = [...new Set(sections.map((section) => section.contentUrl))].filter((key) => key.startsWith(fromFolder));
  return keys.map((from) => ({ from, to: `${toFolder}${from.slice(fromFolder.length)}` }));
}

/** The sections with their files at their new keys. */
export function withFilesMoved<T extends { contentUrl: string }>(sections: readonly T[], moves: readonly FileMove[]): T[] {
  const moved = new Map(moves.map(({ from, to }) => [from, to]));
  return sections.map((section) => ({ ...section, contentUrl: moved.get(section.contentUrl) ?? section.contentUrl }));
}
