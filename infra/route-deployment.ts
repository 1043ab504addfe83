// How each API route of the contract (shared/routes.ts) is deployed: the handler file its Lambda bundles, and what
// that function may do to the table, the upload bucket and the user pool (least-privilege grants and its environment
// derive from it). Keyed by route name; the type makes every route of the contract appear here exactly once.
import { routeEntries, type RouteDefinition, type RouteName } from '../shared/routes';

/** What a route's function may do to the table; least-privilege grants are derived from it. */
export type TableAccess = 'none' | 'read' | 'readUpdate' | 'readWrite';

/** What a route's function may do to uploaded files: read them, take new uploads, or also replace and delete them. */
export type BucketAccess = 'none' | 'read' | 'upload' | 'readWrite';

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

/** What every audited admin change needs: the admin's own name for the audit trail. */
const AUDITED = ['AdminGetUser', 'AdminListGroupsForUser'] as const;

export const routeDeployment = {
  createModule: { handler: 'create-module', table: 'readWrite', bucket: 'read', userPool: 'none' },
  listModules: { handler: 'list-modules', table: 'read', bucket: 'none', userPool: 'none' },
  getModule: { handler: 'get-module', table: 'read', bucket: 'read', userPool: 'none' },
  updateModule: { handler: 'update-module', table: 'readWrite', bucket: 'readWrite', userPool: 'none' },
  deleteModule: { handler: 'delete-module', table: 'readWrite', bucket: 'readWrite', userPool: 'none' },
  listClasses: { handler: 'list-classes', table: 'read', bucket: 'none', userPool: 'none' },
  getClass: { handler: 'get-class', table: 'read', bucket: 'none', userPool: 'none' },
  listTeacherClasses: { handler: 'list-teacher-classes', table: 'read', bucket: 'none', userPool: 'none' },
  listStudentClasses: { handler: 'list-student-classes', table: 'read', bucket: 'none', userPool: 'none' },
  unassignModule: { handler: 'unassign-module', table: 'readUpdate', bucket: 'none', userPool: 'none' },
  assignModule: { handler: 'assign-module', table: 'readUpdate', bucket: 'none', userPool: 'none' },
  getProgress: { handler: 'get-progress', table: 'read', bucket: 'none', userPool: 'none' },
  markComplete: { handler: 'mark-complete', table: 'readUpdate', bucket: 'none', userPool: 'none' },
  getStudentClassProgress: { handler: 'get-student-class-progress', table: 'read', bucket: 'none', userPool: 'none' },
  getClassReport: { handler: 'get-class-report', table: 'read', bucket: 'none', userPool: 'none' },
  getModuleReport: { handler: 'get-module-report', table: 'read', bucket: 'none', userPool: 'none' },
  getNotifications: { handler: 'get-notifications', table: 'read', bucket: 'none', userPool: 'none' },
  markNotificationsRead: { handler: 'mark-notifications-read', table: 'readWrite', bucket: 'none', userPool: 'none' },
  createUpload: { handler: 'create-upload', table: 'none', bucket: 'upload', userPool: 'none' },
  completeUpload: { handler: 'complete-upload', table: 'none', bucket: 'upload', userPool: 'none' },
  abortUpload: { handler: 'abort-upload', table: 'none', bucket: 'upload', userPool: 'none' },
  renewUploadParts: { handler: 'renew-upload-parts', table: 'none', bucket: 'upload', userPool: 'none' },
  // Every signed-in person: their own name (class rosters store names, so they follow).
  renameSelf: { handler: 'rename-self', table: 'readUpdate', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  // Administration (people). Cognito is the directory; every change is written to the audit trail.
  getAdminOverview: { handler: 'get-admin-overview', table: 'read', bucket: 'none', userPool: ['ListUsersInGroup'] },
  listPeople: { handler: 'list-people', table: 'none', bucket: 'none', userPool: ['ListUsers', 'ListUsersInGroup', 'AdminListGroupsForUser'] },
  invitePerson: { handler: 'invite-person', table: 'readWrite', bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  invitePeople: { handler: 'invite-people', table: 'readWrite', bucket: 'none', userPool: ['AdminCreateUser', 'AdminAddUserToGroup', 'AdminGetUser', 'AdminListGroupsForUser'] },
  lookupPeople: { handler: 'lookup-people', table: 'none', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  renamePerson: { handler: 'rename-person', table: 'readWrite', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes'] },
  changeRole: { handler: 'change-role', table: 'readWrite', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup'] },
  disablePerson: { handler: 'disable-person', table: 'readWrite', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDisableUser', 'AdminUserGlobalSignOut'] },
  enablePerson: { handler: 'enable-person', table: 'readWrite', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminEnableUser'] },
  // Administration (classes), through the class repository.
  listAdminClasses: { handler: 'list-admin-classes', table: 'read', bucket: 'none', userPool: 'none' },
  createClass: { handler: 'create-class', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  getAdminClass: { handler: 'get-admin-class', table: 'read', bucket: 'none', userPool: 'none' },
  renameClass: { handler: 'rename-class', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  deleteClass: { handler: 'delete-class', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  setClassTeacher: { handler: 'set-class-teacher', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  enrolStudents: { handler: 'enrol-students', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  unenrolStudent: { handler: 'unenrol-student', table: 'readWrite', bucket: 'none', userPool: AUDITED },
  resendInvitation: { handler: 'resend-invitation', table: 'readWrite', bucket: 'none', userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminCreateUser'] },
} as const satisfies Record<RouteName, RouteDeployment>;

export type DeployedRoute = RouteDefinition & RouteDeployment;

/** Every route with its deployment, in the contract's order. */
export const deployedRoutes: [RouteName, DeployedRoute][] = routeEntries.map(([name, route]) => [
  name,
  { ...route, ...routeDeployment[name] },
]);
