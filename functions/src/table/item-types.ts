// The registry of the table's item types: one entry per key builder of table.ts, saying whose item it is and how a
// person's export covers it. The privacy inventory (docs/privacy.md, checked by test/docs/privacy.test.ts), the
// export's completeness test and the erase read this list, so a new item type must be entered here before it compiles.
import type { Key, keys } from './table';

type KeyBuilders = typeof keys;
/** The names of the key builders that make an item's own key (not the index keys an item carries beside it). */
export type ItemTypeName = { [Name in keyof KeyBuilders]: ReturnType<KeyBuilders[Name]> extends Key ? Name : never }[keyof KeyBuilders];

/**
 * How an item relates to a person:
 * - `subject`: about one person, whose id is in its key (a student's progress, a person's access record);
 * - `owner`: made by one person, whose id is in its key or on it (a teacher's module, an upload);
 * - `mentions`: names people inside it without being theirs (a class names its teacher, the audit trail names both sides);
 * - `none`: holds no personal data (counters, the school's drafting count).
 */
export type PersonRelation = 'subject' | 'owner' | 'mentions' | 'none';

export interface ItemType {
  /** `pk` / `sk`, as docs/architecture.md writes them. */
  key: string;
  relation: PersonRelation;
  /**
   * `exported`: a person's export holds every such item of theirs; otherwise why it is left out (its content is in
   * another exported item, or it holds nothing of the person but their id).
   */
  export: 'exported' | { leftOut: string };
}

const COUNTER = { leftOut: 'a count with no content of the person beyond their id' } as const;

export const ITEM_TYPES = {
  module: { key: 'MODULE#{moduleId} / MODULE', relation: 'owner', export: 'exported' },
  checkIndex: { key: 'MODULE#{moduleId} / CHECKS', relation: 'owner', export: { leftOut: "a summary of the module's checks, which are exported whole" } },
  classMeta: { key: 'CLASS#{classId} / CLASS', relation: 'mentions', export: 'exported' },
  enrolment: { key: 'CLASS#{classId} / STUDENT#{studentId}', relation: 'subject', export: 'exported' },
  membership: { key: 'USER#{studentId} / CLASS#{classId}', relation: 'subject', export: 'exported' },
  formerClass: { key: 'USER#{studentId} / LEFT#{classId}', relation: 'subject', export: 'exported' },
  progress: { key: 'CLASS#{classId} / PROGRESS#{moduleId}#{studentId}', relation: 'subject', export: 'exported' },
  pathOverrides: { key: 'CLASS#{classId} / OVERRIDES#{moduleId}#{studentId}', relation: 'subject', export: 'exported' },
  reportRow: { key: 'CLASS#{classId} / REPORT_ROW#{shard}#{studentId}', relation: 'subject', export: { leftOut: 'figures computed from the exported progress items and overrides' } },
  completionCounter: { key: 'CLASS#{classId} / COMPLETIONS#{moduleId}#{shard}', relation: 'none', export: COUNTER },
  activeStudent: { key: 'CLASS#{classId} / ACTIVE#{day}#{studentId}', relation: 'subject', export: 'exported' },
  scoreTotals: { key: 'CLASS#{classId} / SCORE_TOTALS#{shard}', relation: 'none', export: COUNTER },
  check: { key: 'CHECK#{moduleId}#{sectionId} / CHECK', relation: 'owner', export: 'exported' },
  attempt: { key: 'CHECK#{moduleId}#{sectionId} / ATTEMPT#{classId}#{studentId}#{number}', relation: 'subject', export: 'exported' },
  attemptsUsed: { key: 'CHECK#{moduleId}#{sectionId} / USED#{studentId}', relation: 'subject', export: 'exported' },
  checkStats: { key: 'CHECK#{moduleId}#{sectionId} / STATS#{classId}#{version}', relation: 'none', export: { leftOut: "a class's answer counts, no one's answers" } },
  settledDrafts: { key: 'CHECK#{moduleId}#{sectionId} / DRAFTS-SETTLED', relation: 'owner', export: { leftOut: 'keys of passages of the exported files, no content of their own' } },
  upload: { key: 'UPLOAD#{uploadId} / UPLOAD', relation: 'owner', export: { leftOut: 'an unfinished upload, gone within a day; the file it makes is exported' } },
  uploadSlots: { key: 'USER#{teacherId} / UPLOADS', relation: 'owner', export: { leftOut: 'the keys of unfinished uploads, gone within a day' } },
  fileReferences: { key: 'FILE#{key} / FILE', relation: 'owner', export: { leftOut: 'which modules use a file: the exported modules say so' } },
  fileText: { key: 'FILE#{key} / TEXT', relation: 'owner', export: { leftOut: 'text extracted from an exported file' } },
  textVersion: { key: 'USER#{teacherId} / TEXTS', relation: 'owner', export: COUNTER },
  draftDay: { key: 'USER#{teacherId} / DRAFTS#{day}', relation: 'owner', export: COUNTER },
  schoolDraftDay: { key: 'SCHOOL / DRAFTS#{day}', relation: 'none', export: COUNTER },
  retentionSetting: { key: 'SCHOOL / RETENTION', relation: 'mentions', export: { leftOut: "the school's setting; it names the admin who last set it, a change the exported audit trail holds" } },
  requestWindow: { key: 'RATE#{hash of sub} / WINDOW#{start}', relation: 'subject', export: COUNTER },
  bellReadMarker: { key: 'USER#{userId} / BELL', relation: 'subject', export: 'exported' },
  nudge: { key: 'USER#{studentId} / NUDGE#{day}#{classId}#{moduleId}', relation: 'subject', export: 'exported' },
  moduleFinished: { key: 'USER#{studentId} / FINISHED#{classId}#{moduleId}', relation: 'subject', export: 'exported' },
  classCatalogue: { key: 'CLASSES / CLASS#{classId}', relation: 'mentions', export: { leftOut: "a copy of the class item's name and teacher, which is exported" } },
  auditEntry: { key: 'AUDIT / {at}#{uuid}', relation: 'mentions', export: 'exported' },
  personAccess: { key: 'ACCESS#{sub} / ACCESS', relation: 'subject', export: 'exported' },
  personCopy: { key: 'PERSON#{userId} / PERSON', relation: 'subject', export: 'exported' },
  ltiPlatform: { key: 'LTI / PLATFORM#{platformId}', relation: 'none', export: { leftOut: "a school's LMS registration, no one's data" } },
  ltiClient: { key: 'LTI / CLIENT#{issuer}#{clientId}', relation: 'none', export: { leftOut: "holds an LMS's issuer and client id to its registration" } },
  ltiLogin: { key: 'LTI_LOGIN#{state} / LOGIN', relation: 'none', export: { leftOut: 'a nonce for one LMS launch, gone within 10 minutes' } },
  ltiPerson: { key: 'LTI_PERSON#{platformId}#{sub} / PERSON', relation: 'subject', export: { leftOut: "the LMS's id for the person, the link its launches sign in by" } },
  ltiPlatformUser: { key: 'USER#{userId} / LTI#{platformId}', relation: 'subject', export: { leftOut: "the LMS's id for the person, the link its scores are posted under" } },
  ltiCourse: { key: 'LTI_COURSE#{platformId}#{contextId} / COURSE', relation: 'none', export: { leftOut: "an LMS course's id and its class: the school's own link" } },
  ltiResourceLink: { key: 'CLASS#{classId} / LTI_LINK#{moduleId}#{platformId}#{deploymentId}#{resourceLinkId}', relation: 'none', export: { leftOut: 'where an LMS link opens a module and where its scores go, no one\'s data' } },
  ltiSignInCode: { key: 'LTI_SIGN_IN#{codeHash} / CODE', relation: 'subject', export: { leftOut: 'a one-time sign-in code, gone within 2 minutes' } },
  ltiDeepLinkingRequest: { key: 'LTI_DEEP_LINK#{requestId} / REQUEST', relation: 'subject', export: { leftOut: "an LMS's deep linking request waiting for the teacher, gone within an hour" } },
  erasureJob: { key: 'ERASURE#{pseudonym} / ERASURE', relation: 'subject', export: { leftOut: 'an erase under way, or the proof of one under a pseudonym' } },
  schoolSignInDomain: { key: 'SCHOOL / SIGN_IN_DOMAIN#{domain}', relation: 'none', export: { leftOut: "a school setting: whether newcomers from one domain may join as students" } },
  oneRosterLink: { key: 'ONEROSTER / {kind}#{sourcedId}', relation: 'mentions', export: { leftOut: "the school information system's id for a person, class or enrolment: the school's own record" } },
  oneRosterRun: { key: 'ONEROSTER-RUNS / {at}#{runId}', relation: 'mentions', export: { leftOut: "an import's counts and row errors: the school's record of its import" } },
} as const satisfies Record<ItemTypeName, ItemType>;

export const itemTypeNames = Object.keys(ITEM_TYPES) as ItemTypeName[];

export type ExportedItemType = { [Name in ItemTypeName]: (typeof ITEM_TYPES)[Name]['export'] extends 'exported' ? Name : never }[ItemTypeName];

/** The item types a person's export must hold every one of theirs of (its completeness test creates one of each). */
export const exportedItemTypes = itemTypeNames.filter((name): name is ExportedItemType => ITEM_TYPES[name].export === 'exported');
