// How each API route of the contract (shared/contract/) is deployed: the handler file its Lambda bundles, and what
// that function may do to the table, the upload bucket and the user pool (least-privilege grants and its environment
// derive from it). Keyed by route name; the type makes every route of the contract appear here exactly once.
import { routeEntries, type RouteName } from '../shared/contract';
import type { LtiEndpointName } from '../shared/contract/lti';
import type { RouteDefinition } from '../shared/contract/route';

/**
 * The DynamoDB calls the repositories make (Scan only by an erase's sweep of the whole table); a route's function is
 * granted exactly its list. A TransactWriteItems
 * (a first completion's record, counter and day) is authorized by IAM item by item, so it is listed as the writes it
 * holds (UpdateItem, PutItem) and its condition on another item (ConditionCheckItem: the student's enrolment).
 * `ReadByKey` is GetItem and BatchGetItem together: the table access sends a read on its own as a GetItem and reads
 * started together as one BatchGetItem (functions/src/table/table.ts), which depends on the data (a student in
 * one class or in two), not on the code path.
 */
export type TableAction = 'ReadByKey' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem';

/** The IAM actions (`dynamodb:…`) a table access grants. */
export const tableIamActions = (access: TableAccess): string[] =>
  access === 'none' ? [] : access.flatMap((action) => IAM_TABLE_ACTIONS[action]).map((action) => `dynamodb:${action}`);

const IAM_TABLE_ACTIONS: Record<TableAction, readonly string[]> = {
  ReadByKey: ['GetItem', 'BatchGetItem'],
  Query: ['Query'],
  Scan: ['Scan'],
  PutItem: ['PutItem'],
  UpdateItem: ['UpdateItem'],
  DeleteItem: ['DeleteItem'],
  BatchWriteItem: ['BatchWriteItem'],
  ConditionCheckItem: ['ConditionCheckItem'],
};

/** What a route's function may do to the table: nothing, or exactly these actions (on the table and its index). */
export type TableAccess = 'none' | readonly TableAction[];

/**
 * What a route's function may do to uploaded files under `protected/`, as IAM names it: GetObject also covers HEAD; PutObject covers presigned PUTs and every step of a multipart upload but its abort; ListBucket
 * (an erase listing a person's folder) is granted on the bucket for keys under `protected/` only.
 */
export type BucketAction = 'GetObject' | 'PutObject' | 'DeleteObject' | 'AbortMultipartUpload' | 'ListBucket';

/** What a route's function may do to uploaded files: nothing, or exactly these actions. */
export type BucketAccess = 'none' | readonly BucketAction[];

/** The user pool's admin actions the API calls; a route's function is granted exactly the ones it lists. */
export type UserPoolAction =
  | 'AdminCreateUser'
  | 'AdminGetUser'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminListGroupsForUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminSetUserPassword'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminDeleteUser'
  | 'ListUsers'
  | 'ListUsersInGroup';

/** What a route's function may do to the user pool: nothing, or exactly these Cognito admin actions. */
export type UserPoolAccess = 'none' | readonly UserPoolAction[];

/** What a route's function may do to the drafting model: Bedrock's Converse is authorized as InvokeModel. */
export type ModelAction = 'InvokeModel';

export interface RouteDeployment {
  /** The handler's file under functions/src/ (`<resource>/handlers/<name>`), without extension. */
  handler: string;
  table: TableAccess;
  bucket: BucketAccess;
  userPool: UserPoolAccess;
  /**
   * The drafting model's actions, on that one model, granted only where Bedrock drafting is enabled (CDK context
   * `bedrockDrafting`); elsewhere the route drafts with the local drafter and is granted nothing on Bedrock. Not part
   * of the permissions the local stack records (it has no Bedrock): the Bedrock drafter's unit test checks its one call.
   */
  model?: readonly ModelAction[];
  /**
   * The stage's identity providers and their e-mail domains, in SCHOOL_SIGN_IN_PROVIDERS (none where school sign-in is
   * off): the school sign-in settings, and accounts a roster import makes, which then get no invitation e-mail.
   */
  schoolSignIn?: true;
  /**
   * Sends LTI score reports (sqs:SendMessage on that one queue, its URL in LTI_SCORE_QUEUE_URL): a check attempt may
   * change a score an LMS gradebook shows (infra/constructs/lti-score-delivery.ts). Not part of the permissions the
   * local stack records (its queue runs in process): the SQS adapter's unit test checks its one call.
   */
  scoreReports?: true;
  /**
   * Seconds the function may run where a route needs more than the 10 of the others (the HTTP API waits up to 30): a
   * route that reads or changes much in one request (a person's export, a OneRoster apply).
   */
  timeoutSeconds?: number;
  /** Signs with the tool's LTI keys: reads their secret (the deep linking response). */
  toolKeys?: true;
  /**
   * Hands out links to stored files (CloudFront signed URLs): reads the file link key secret, its generation and key id
   * in FILE_LINK_KEY_* (infra/constructs/file-link-keys.ts).
   */
  fileLinks?: true;
  /**
   * Publishes the registered LMSs' frame-ancestors to the Web stack's CloudFront key value store (its ARN in
   * LTI_FRAME_ANCESTORS_STORE; DescribeKeyValueStore and PutKey on it). Not part of the permissions the local stack
   * records (its server reads the registrations): the adapter's unit test checks its calls.
   */
  frameAncestors?: true;
  /**
   * The nested stack the route deploys in, where not its path's feature (routeFeature): a new route of a feature near
   * CloudFormation's per-stack limits (infra/test/limits.test.ts) starts a stack of its own. A deployed route never
   * moves: CloudFormation would create it in the new stack before deleting it from the old one, and the HTTP API
   * refuses a second route with the same key.
   */
  feature?: string;
}

// Every route that admits admins reads an admin caller with AdminGetUser first: two-factor authentication is required
// of any request in the admin role (functions/src/platform/second-factor.ts), so those routes shared with teachers
// (rosters, completion, reports) list it too.
/** An audited admin change: that one AdminGetUser also names the admin in the audit trail. */
const AUDITED = ['AdminGetUser'] as const;
/** An audited change that also looks up the people it is about (their role, from their groups). */
const AUDITED_WITH_PEOPLE = ['AdminGetUser', 'AdminListGroupsForUser'] as const;

// Each list is what the route's code calls, no more: test/integration/route-permissions.test.ts drives every route
// through the local stack, maps each SDK command its handler sends to its IAM action and compares.
export const routeDeployment = {
  createModule: { handler: 'modules/handlers/create-module', table: ['ReadByKey', 'PutItem', 'UpdateItem', 'DeleteItem'], bucket: ['GetObject'], userPool: 'none' },
  listModules: { handler: 'modules/handlers/list-modules', table: ['Query'], bucket: 'none', userPool: 'none' },
  // Reading a module signs its files' links (fileLinks) and reads no file.
  getModule: { handler: 'modules/handlers/get-module', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none', fileLinks: true },
  updateModule: { handler: 'modules/handlers/update-module', table: ['ReadByKey', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], bucket: ['GetObject', 'DeleteObject'], userPool: 'none' },
  deleteModule: { handler: 'modules/handlers/delete-module', table: ['Query', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], bucket: ['DeleteObject'], userPool: 'none' },
  listClasses: { handler: 'classes/handlers/list-classes', table: ['Query'], bucket: 'none', userPool: 'none' },
  getClass: { handler: 'classes/handlers/get-class', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  listTeacherClasses: { handler: 'classes/handlers/list-teacher-classes', table: ['Query'], bucket: 'none', userPool: 'none' },
  listStudentClasses: { handler: 'classes/handlers/list-student-classes', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  unassignModule: { handler: 'classes/handlers/unassign-module', table: ['ReadByKey', 'Query', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  assignModule: { handler: 'classes/handlers/assign-module', table: ['ReadByKey', 'Query', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getProgress: { handler: 'progress/handlers/get-progress', table: ['ReadByKey'], bucket: 'none', userPool: 'none' },
  markComplete: { handler: 'progress/handlers/mark-complete', table: ['ReadByKey', 'UpdateItem', 'ConditionCheckItem'], bucket: 'none', userPool: 'none' },
  getStudentClassProgress: { handler: 'progress/handlers/get-student-class-progress', table: ['ReadByKey'], bucket: 'none', userPool: 'none' },
  getClassReport: { handler: 'reports/handlers/get-class-report', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  getClassDownload: { handler: 'reports/handlers/get-class-download', table: ['ReadByKey', 'Query', 'UpdateItem', 'ConditionCheckItem'], bucket: 'none', userPool: ['AdminGetUser'] },
  getClassCompletion: { handler: 'reports/handlers/get-class-completion', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  listClassStudents: { handler: 'rosters/handlers/list-class-students', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  getModuleReport: { handler: 'reports/handlers/get-module-report', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  getNotifications: { handler: 'notifications/handlers/get-notifications', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  markNotificationsRead: { handler: 'notifications/handlers/mark-notifications-read', table: ['PutItem'], bucket: 'none', userPool: 'none' },
  nudgeStudent: { handler: 'classes/handlers/nudge-student', table: ['ReadByKey', 'PutItem'], bucket: 'none', userPool: 'none' },
  setModulePrerequisite: { handler: 'paths/handlers/set-module-prerequisite', table: ['ReadByKey', 'Query', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  previewPathChanges: { handler: 'paths/handlers/preview-path-changes', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  previewPath: { handler: 'paths/handlers/preview-path', table: ['ReadByKey'], bucket: 'none', userPool: 'none', feature: 'ModulePaths' },
  checkPath: { handler: 'paths/handlers/check-path', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none', feature: 'ModulePaths' },
  addPathOverride: { handler: 'paths/handlers/add-path-override', table: ['ReadByKey', 'UpdateItem', 'PutItem'], bucket: 'none', userPool: 'none' },
  listPathOverrides: { handler: 'paths/handlers/list-path-overrides', table: ['ReadByKey'], bucket: 'none', userPool: ['AdminGetUser'] },
  listClassOverrides: { handler: 'paths/handlers/list-class-overrides', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  removePathOverride: { handler: 'paths/handlers/remove-path-override', table: ['ReadByKey', 'UpdateItem', 'PutItem'], bucket: 'none', userPool: 'none' },
  createUpload: { handler: 'uploads/handlers/create-upload', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: ['PutObject'], userPool: ['AdminGetUser'] },
  completeUpload: { handler: 'uploads/handlers/complete-upload', table: ['ReadByKey', 'UpdateItem', 'DeleteItem'], bucket: ['GetObject', 'PutObject', 'DeleteObject'], userPool: ['AdminGetUser'] },
  abortUpload: { handler: 'uploads/handlers/abort-upload', table: ['ReadByKey', 'UpdateItem', 'DeleteItem'], bucket: ['AbortMultipartUpload'], userPool: ['AdminGetUser'] },
  renewUploadParts: { handler: 'uploads/handlers/renew-upload-parts', table: ['ReadByKey', 'UpdateItem'], bucket: ['PutObject'], userPool: ['AdminGetUser'] },
  // Every signed-in person: their own name (class rosters store names, so they follow).
  renameSelf: { handler: 'people/handlers/rename-self', table: ['Query', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  // Administration (people). Cognito is the directory; every change is written to the audit trail.
  getAdminOverview: { handler: 'people/handlers/get-admin-overview', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser', 'ListUsersInGroup'] },
  listPeople: { handler: 'people/handlers/list-people', table: ['Query', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  invitePerson: { handler: 'people/handlers/invite-person', table: ['PutItem'], bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  invitePeople: { handler: 'people/handlers/invite-people', table: ['PutItem'], bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  lookupPeople: { handler: 'people/handlers/lookup-people', table: 'none', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  renamePerson: { handler: 'people/handlers/rename-person', table: ['Query', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  changeRole: {
    handler: 'people/handlers/change-role',
    table: ['PutItem', 'UpdateItem'],
    bucket: 'none',
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  },
  disablePerson: { handler: 'people/handlers/disable-person', table: ['PutItem', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDisableUser', 'AdminUserGlobalSignOut'] },
  listAuditTrail: { handler: 'audit/handlers/list-audit-trail', table: ['Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  setPeopleAccess: {
    handler: 'people/handlers/set-people-access',
    table: ['PutItem', 'UpdateItem'],
    bucket: 'none',
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDisableUser', 'AdminUserGlobalSignOut', 'AdminEnableUser'],
  },
  enablePerson: { handler: 'people/handlers/enable-person', table: ['PutItem', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminEnableUser', 'AdminUserGlobalSignOut'] },
  // Administration (classes), through the class repository.
  listAdminClasses: { handler: 'rosters/handlers/list-admin-classes', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  createClass: { handler: 'rosters/handlers/create-class', table: ['ReadByKey', 'PutItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  getAdminClass: { handler: 'rosters/handlers/get-admin-class', table: ['ReadByKey'], bucket: 'none', userPool: ['AdminGetUser'] },
  renameClass: { handler: 'rosters/handlers/rename-class', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED },
  deleteClass: { handler: 'rosters/handlers/delete-class', table: ['ReadByKey', 'Query', 'PutItem', 'DeleteItem', 'BatchWriteItem'], bucket: 'none', userPool: AUDITED },
  setClassTeacher: { handler: 'rosters/handlers/set-class-teacher', table: ['ReadByKey', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  enrolStudents: { handler: 'rosters/handlers/enrol-students', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  unenrolStudent: { handler: 'rosters/handlers/unenrol-student', table: ['ReadByKey', 'PutItem', 'UpdateItem', 'DeleteItem'], bucket: 'none', userPool: AUDITED },
  // A OneRoster package: people through the people use cases (invite, rename, role, access), classes and enrolments
  // through the class administration's, the links and the run in the table.
  importOneRoster: {
    handler: 'rosters/handlers/import-one-roster',
    timeoutSeconds: 29,
    schoolSignIn: true,
    table: ['ReadByKey', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    bucket: ['GetObject'],
    userPool: ['AdminCreateUser', 'AdminGetUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes', 'AdminDisableUser', 'AdminEnableUser', 'AdminUserGlobalSignOut'],
  },
  listOneRosterRuns: { handler: 'rosters/handlers/list-one-roster-runs', table: ['Query'], bucket: 'none', userPool: AUDITED },
  // Scores out: the class report's reads and the OneRoster links, the gradebook zip written under the exports prefix.
  // In the data exports' stack; up to the HTTP API's 30 s for a large class's scores.
  exportOneRosterScores: {
    handler: 'rosters/handlers/export-one-roster-scores',
    table: ['ReadByKey', 'Query'],
    // PutObject writes the zip; the link that downloads it is signed with the file link key.
    bucket: ['PutObject'],
    userPool: ['AdminGetUser'],
    fileLinks: true,
    feature: 'DataExport',
    timeoutSeconds: 29,
  },
  archiveClass: { handler: 'school-year/handlers/archive-class', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED },
  unarchiveClass: { handler: 'school-year/handlers/unarchive-class', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED },
  getRetention: { handler: 'school-year/handlers/get-retention', table: ['ReadByKey'], bucket: 'none', userPool: AUDITED },
  setRetention: { handler: 'school-year/handlers/set-retention', table: ['ReadByKey', 'PutItem'], bucket: 'none', userPool: AUDITED },
  rollOverClasses: { handler: 'school-year/handlers/roll-over-classes', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED },
  resendInvitation: { handler: 'people/handlers/resend-invitation', table: ['PutItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminCreateUser'] },
  // Scored checks.
  putCheck: { handler: 'checks/handlers/put-check', table: ['ReadByKey', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getCheck: { handler: 'checks/handlers/get-check', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  submitAttempt: { handler: 'checks/handlers/submit-attempt', table: ['ReadByKey', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], bucket: 'none', userPool: 'none', scoreReports: true },
  draftQuestions: { handler: 'checks/handlers/draft-questions', table: ['ReadByKey', 'UpdateItem'], bucket: 'none', userPool: 'none', model: ['InvokeModel'] },
  settleDrafts: { handler: 'checks/handlers/settle-drafts', table: ['ReadByKey', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getCheckAnalysis: { handler: 'checks/handlers/get-check-analysis', table: ['ReadByKey'], bucket: 'none', userPool: ['AdminGetUser'] },
  listStudentAttempts: { handler: 'checks/handlers/list-student-attempts', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  recordReading: { handler: 'progress/handlers/record-reading', table: ['ReadByKey', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getStudentReading: { handler: 'reports/handlers/get-student-reading', table: ['ReadByKey'], bucket: 'none', userPool: ['AdminGetUser'] },
  // The text of sections and search read stored text only (extraction is the storage event's function); a library's
  // search reads its teacher's gathered terms, one object.
  getSectionText: { handler: 'search/handlers/get-section-text', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  search: { handler: 'search/handlers/search', table: ['ReadByKey', 'Query'], bucket: ['GetObject'], userPool: 'none' },
  // A person's data: read everywhere it is kept, written as one zip under the exports prefix, answered as a link.
  // Up to the HTTP API's 30 s: a teacher's files, up to the export's budget, are read and zipped in the function.
  exportOwnData: {
    handler: 'data-export/handlers/export-own-data',
    table: ['ReadByKey', 'Query'],
    bucket: ['GetObject', 'PutObject'],
    userPool: ['AdminGetUser', 'AdminListGroupsForUser'],
    fileLinks: true,
    feature: 'DataExport',
    timeoutSeconds: 29,
  },
  exportPersonData: {
    handler: 'data-export/handlers/export-person-data',
    table: ['ReadByKey', 'Query', 'PutItem'],
    bucket: ['GetObject', 'PutObject'],
    userPool: AUDITED_WITH_PEOPLE,
    fileLinks: true,
    feature: 'DataExport',
    timeoutSeconds: 29,
  },
  // The LMSs (LTI 1.3 platforms) the tool trusts: a registration and its issuer/client pair are one transaction.
  listLtiPlatforms: { handler: 'lti/handlers/list-lti-platforms', table: ['Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  registerLtiPlatform: { handler: 'lti/handlers/register-lti-platform', table: ['Query', 'PutItem'], bucket: 'none', userPool: AUDITED, frameAncestors: true },
  editLtiPlatform: { handler: 'lti/handlers/edit-lti-platform', table: ['ReadByKey', 'Query', 'PutItem', 'DeleteItem'], bucket: 'none', userPool: AUDITED, frameAncestors: true },
  removeLtiPlatform: { handler: 'lti/handlers/remove-lti-platform', table: ['ReadByKey', 'Query', 'PutItem', 'DeleteItem'], bucket: 'none', userPool: AUDITED, frameAncestors: true },
  // A teacher's deep linking request: read with their modules' check index; answered with the tool's key, once.
  getLtiDeepLink: { handler: 'lti/handlers/get-lti-deep-link', table: ['ReadByKey', 'Query'], bucket: 'none', userPool: 'none' },
  answerLtiDeepLink: { handler: 'lti/handlers/answer-lti-deep-link', table: ['ReadByKey', 'UpdateItem'], bucket: 'none', userPool: 'none', toolKeys: true },
  // Erasing a person: their classes and modules through their resources (a module handed over copies its files to the
  // new owner's folder: GetObject and PutObject), then a sweep of the table and their folder.
  erasePerson: {
    handler: 'erasure/handlers/erase-person',
    table: ['ReadByKey', 'Query', 'Scan', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    bucket: ['ListBucket', 'GetObject', 'PutObject', 'DeleteObject'],
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDisableUser', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
  },
  // School sign-in: the administrators' choice per configured e-mail domain (the PreSignUp trigger reads it).
  getSchoolSignIn: { handler: 'school-sign-in/handlers/get-school-sign-in', table: ['Query'], bucket: 'none', userPool: ['AdminGetUser'], schoolSignIn: true },
  setSchoolSignInDomain: { handler: 'school-sign-in/handlers/set-school-sign-in-domain', table: ['PutItem'], bucket: 'none', userPool: AUDITED, schoolSignIn: true },
} as const satisfies Record<RouteName, RouteDeployment>;

/**
 * How the public endpoints outside /api (shared/contract/lti.ts, `ltiEndpoints`) are deployed: no authorizer in front
 * of them; the same handler-file and least-privilege table access as a route. `toolKeys`: reads the tool's key secret.
 */
export interface PublicEndpointDeployment extends Pick<RouteDeployment, 'handler' | 'table' | 'toolKeys'> {
  /** The user pool's admin calls it makes (the launch makes and finds the people it signs in); none when absent. */
  userPool?: UserPoolAccess;
}

export const publicEndpointDeployment = {
  // Both methods of the login initiation are one function.
  ltiLoginGet: { handler: 'lti/handlers/lti-login', table: ['Query', 'PutItem'] },
  ltiLoginPost: { handler: 'lti/handlers/lti-login', table: ['Query', 'PutItem'] },
  // A launch takes its login's state, then signs its person in: people made or found (an account for LMS sign-in is
  // confirmed with AdminSetUserPassword), classes made, students enrolled, a module assigned, a one-time code stored.
  ltiLaunch: {
    handler: 'lti/handlers/lti-launch',
    table: ['ReadByKey', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup'],
    // NRPS at an instructor's launch: a service token asked with a client assertion signed by the tool's key.
    toolKeys: true,
  },
  ltiJwks: { handler: 'lti/handlers/lti-jwks', table: 'none', toolKeys: true },
} as const satisfies Record<LtiEndpointName, PublicEndpointDeployment>;

export type DeployedRoute = RouteDefinition & RouteDeployment;

/** Every route with its deployment, in the contract's order. */
export const deployedRoutes: [RouteName, DeployedRoute][] = routeEntries.map(([name, route]) => [
  name,
  { ...route, ...routeDeployment[name] },
]);

/**
 * The feature a route belongs to, from its path: the segment after `/api`, with the next one under `/api/admin`
 * (`/api/admin/people/{userId}/role` → `AdminPeople`). The API deploys each feature's functions and routes as a stack
 * of its own, so the API grows by features without reaching CloudFormation's limits per stack.
 */
export function routeFeature(path: string): string {
  const [first, second] = path.split('/').slice(2);
  const words = first === 'admin' && second && !second.startsWith('{') ? [first, second] : [first];
  return words.map((word) => word.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())).join('');
}

/** Route name → deployed route, grouped by feature, in the order the features first appear. */
export function routesByFeature<Name extends string>(routes: readonly (readonly [Name, DeployedRoute])[]): Map<string, [Name, DeployedRoute][]> {
  const features = new Map<string, [Name, DeployedRoute][]>();
  for (const [name, route] of routes) {
    const feature = route.feature ?? routeFeature(route.path);
    features.set(feature, [...(features.get(feature) ?? []), [name, route]]);
  }
  return features;
}

/** The IAM actions a route's function is granted, sorted: what the API stack grants and the permissions test checks. */
export function iamActionsOf(route: Pick<RouteDeployment, 'table' | 'bucket' | 'userPool'>): string[] {
  const listed = (access: 'none' | readonly string[], service: string) => (access === 'none' ? [] : access.map((action) => `${service}:${action}`));
  return [...tableIamActions(route.table), ...listed(route.bucket, 's3'), ...listed(route.userPool, 'cognito-idp')].sort();
}
