// How each API route of the contract (shared/routes.ts) is deployed: the handler file its Lambda bundles, and what
// that function may do to the table, the upload bucket and the user pool (least-privilege grants and its environment
// derive from it). Keyed by route name; the type makes every route of the contract appear here exactly once.
import { routeEntries, type RouteDefinition, type RouteName } from '../shared/routes';

/** The DynamoDB calls the repositories make (no Scan, no transactions); a route's function is granted exactly its list. */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';

/** What a route's function may do to the table: nothing, or exactly these actions (on the table and its index). */
export type TableAccess = 'none' | readonly TableAction[];

/**
 * What a route's function may do to uploaded files under `protected/`, as IAM names it: GetObject also covers HEAD and
 * presigned downloads; PutObject covers presigned PUTs and every step of a multipart upload but its abort.
 */
export type BucketAction = 'GetObject' | 'PutObject' | 'DeleteObject' | 'AbortMultipartUpload';

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
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminUserGlobalSignOut'
  | 'ListUsers'
  | 'ListUsersInGroup';

/** What a route's function may do to the user pool: nothing, or exactly these Cognito admin actions. */
export type UserPoolAccess = 'none' | readonly UserPoolAction[];

export interface RouteDeployment {
  /** File name under functions/src/handlers/, without extension. */
  handler: string;
  table: TableAccess;
  bucket: BucketAccess;
  userPool: UserPoolAccess;
}

// Every administration route reads its caller with AdminGetUser first: two-factor authentication is required there
// (functions/src/platform/second-factor.ts).
/** An audited admin change: that one AdminGetUser also names the admin in the audit trail. */
const AUDITED = ['AdminGetUser'] as const;
/** An audited change that also looks up the people it is about (their role, from their groups). */
const AUDITED_WITH_PEOPLE = ['AdminGetUser', 'AdminListGroupsForUser'] as const;

// Each list is what the route's code calls, no more: test/integration/route-permissions.test.ts drives every route
// through the local stack, maps each SDK command its handler sends to its IAM action and compares.
export const routeDeployment = {
  createModule: { handler: 'create-module', table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], bucket: ['GetObject'], userPool: 'none' },
  listModules: { handler: 'list-modules', table: ['Query'], bucket: 'none', userPool: 'none' },
  getModule: { handler: 'get-module', table: ['GetItem', 'BatchGetItem', 'Query'], bucket: ['GetObject'], userPool: 'none' },
  updateModule: { handler: 'update-module', table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], bucket: ['GetObject', 'DeleteObject'], userPool: 'none' },
  deleteModule: { handler: 'delete-module', table: ['Query', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], bucket: ['DeleteObject'], userPool: 'none' },
  listClasses: { handler: 'list-classes', table: ['GetItem', 'Query'], bucket: 'none', userPool: 'none' },
  getClass: { handler: 'get-class', table: ['GetItem', 'BatchGetItem', 'Query'], bucket: 'none', userPool: 'none' },
  listTeacherClasses: { handler: 'list-teacher-classes', table: ['GetItem', 'Query'], bucket: 'none', userPool: 'none' },
  listStudentClasses: { handler: 'list-student-classes', table: ['BatchGetItem', 'Query'], bucket: 'none', userPool: 'none' },
  unassignModule: { handler: 'unassign-module', table: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  assignModule: { handler: 'assign-module', table: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getProgress: { handler: 'get-progress', table: ['GetItem'], bucket: 'none', userPool: 'none' },
  markComplete: { handler: 'mark-complete', table: ['GetItem', 'UpdateItem'], bucket: 'none', userPool: 'none' },
  getStudentClassProgress: { handler: 'get-student-class-progress', table: ['GetItem', 'BatchGetItem'], bucket: 'none', userPool: 'none' },
  getClassReport: { handler: 'get-class-report', table: ['GetItem', 'BatchGetItem', 'Query'], bucket: 'none', userPool: 'none' },
  getClassCompletion: { handler: 'get-class-completion', table: ['GetItem', 'BatchGetItem', 'Query'], bucket: 'none', userPool: 'none' },
  listClassStudents: { handler: 'list-class-students', table: ['GetItem', 'Query'], bucket: 'none', userPool: 'none' },
  getModuleReport: { handler: 'get-module-report', table: ['GetItem', 'Query'], bucket: 'none', userPool: 'none' },
  getNotifications: { handler: 'get-notifications', table: ['GetItem', 'BatchGetItem', 'Query'], bucket: 'none', userPool: 'none' },
  markNotificationsRead: { handler: 'mark-notifications-read', table: ['PutItem'], bucket: 'none', userPool: 'none' },
  createUpload: { handler: 'create-upload', table: ['PutItem'], bucket: ['PutObject'], userPool: 'none' },
  completeUpload: { handler: 'complete-upload', table: ['GetItem', 'DeleteItem'], bucket: ['GetObject', 'PutObject', 'DeleteObject'], userPool: 'none' },
  abortUpload: { handler: 'abort-upload', table: ['GetItem', 'DeleteItem'], bucket: ['AbortMultipartUpload'], userPool: 'none' },
  renewUploadParts: { handler: 'renew-upload-parts', table: ['GetItem'], bucket: ['PutObject'], userPool: 'none' },
  // Every signed-in person: their own name (class rosters store names, so they follow).
  renameSelf: { handler: 'rename-self', table: ['Query', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  // Administration (people). Cognito is the directory; every change is written to the audit trail.
  getAdminOverview: { handler: 'get-admin-overview', table: ['BatchGetItem', 'Query'], bucket: 'none', userPool: ['AdminGetUser', 'ListUsersInGroup'] },
  listPeople: { handler: 'list-people', table: 'none', bucket: 'none', userPool: ['AdminGetUser', 'ListUsers', 'ListUsersInGroup', 'AdminListGroupsForUser'] },
  invitePerson: { handler: 'invite-person', table: ['PutItem'], bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  invitePeople: { handler: 'invite-people', table: ['PutItem'], bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  lookupPeople: { handler: 'lookup-people', table: 'none', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  renamePerson: { handler: 'rename-person', table: ['Query', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  changeRole: { handler: 'change-role', table: ['PutItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup'] },
  disablePerson: { handler: 'disable-person', table: ['PutItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDisableUser', 'AdminUserGlobalSignOut'] },
  enablePerson: { handler: 'enable-person', table: ['PutItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminEnableUser'] },
  // Administration (classes), through the class repository.
  listAdminClasses: { handler: 'list-admin-classes', table: ['BatchGetItem', 'Query'], bucket: 'none', userPool: ['AdminGetUser'] },
  createClass: { handler: 'create-class', table: ['GetItem', 'PutItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  getAdminClass: { handler: 'get-admin-class', table: ['GetItem'], bucket: 'none', userPool: ['AdminGetUser'] },
  renameClass: { handler: 'rename-class', table: ['GetItem', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED },
  deleteClass: { handler: 'delete-class', table: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'BatchWriteItem'], bucket: 'none', userPool: AUDITED },
  setClassTeacher: { handler: 'set-class-teacher', table: ['GetItem', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  enrolStudents: { handler: 'enrol-students', table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], bucket: 'none', userPool: AUDITED_WITH_PEOPLE },
  unenrolStudent: { handler: 'unenrol-student', table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], bucket: 'none', userPool: AUDITED },
  resendInvitation: { handler: 'resend-invitation', table: ['PutItem'], bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminCreateUser'] },
} as const satisfies Record<RouteName, RouteDeployment>;

export type DeployedRoute = RouteDefinition & RouteDeployment;

/** Every route with its deployment, in the contract's order. */
export const deployedRoutes: [RouteName, DeployedRoute][] = routeEntries.map(([name, route]) => [
  name,
  { ...route, ...routeDeployment[name] },
]);

/** The IAM actions a route's function is granted, sorted: what the API stack grants and the permissions test checks. */
export function iamActionsOf(route: Pick<RouteDeployment, 'table' | 'bucket' | 'userPool'>): string[] {
  const listed = (access: 'none' | readonly string[], service: string) => (access === 'none' ? [] : access.map((action) => `${service}:${action}`));
  return [...listed(route.table, 'dynamodb'), ...listed(route.bucket, 's3'), ...listed(route.userPool, 'cognito-idp')].sort();
}
