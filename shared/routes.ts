// The API contract: the one list of routes (method, path, roles), shared by the functions, the local server, the CDK
// app and the web client. What each route takes and answers is keyed by the same names (request schemas in
// schemas.ts, response schemas in responses.ts); how each route is deployed (its handler file and its table and
// bucket access) lives in infra/route-deployment.ts, so the browser bundle carries none of it.
import type { Role } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: `{name}` is a path parameter. */
  path: string;
  /** Groups allowed to call the route; anyone else gets 403. */
  roles: readonly Role[];
}

const TEACHERS = ['Teachers'] as const;
const STUDENTS = ['Students'] as const;
const TEACHERS_AND_STUDENTS = ['Teachers', 'Students'] as const;
const ADMINS = ['Admins'] as const;
const EVERYONE = ['Teachers', 'Students', 'Admins'] as const;
const TEACHERS_AND_ADMINS = ['Teachers', 'Admins'] as const;

export const routes = {
  createModule: { method: 'POST', path: '/api/modules', roles: TEACHERS },
  listModules: { method: 'GET', path: '/api/modules/getAllModules', roles: TEACHERS },
  getModule: { method: 'GET', path: '/api/modules/{id}', roles: TEACHERS_AND_STUDENTS },
  updateModule: { method: 'PUT', path: '/api/modules/{id}', roles: TEACHERS },
  deleteModule: { method: 'DELETE', path: '/api/modules/{id}', roles: TEACHERS },
  // How many students' paths a change of the module's rules (order mode, section roles, a check's score bands) would
  // change, before saving.
  previewPathChanges: { method: 'POST', path: '/api/modules/{id}/path-changes', roles: TEACHERS },
  // Explainable release, for the module's owner: the path a student with given results meets under the saved rules,
  // and the places the rules leave a student stuck, each with its fix.
  previewPath: { method: 'POST', path: '/api/modules/{id}/path-preview', roles: TEACHERS },
  checkPath: { method: 'GET', path: '/api/modules/{id}/path-check', roles: TEACHERS },
  listClasses: { method: 'GET', path: '/api/classes', roles: TEACHERS },
  // Admins read any class and its report (read-only).
  getClass: { method: 'GET', path: '/api/classes/{classId}', roles: EVERYONE },
  listTeacherClasses: { method: 'GET', path: '/api/classes/teacher/{teacherId}', roles: TEACHERS },
  listStudentClasses: { method: 'GET', path: '/api/classes/student/{userId}', roles: STUDENTS },
  unassignModule: { method: 'DELETE', path: '/api/classes/{classId}/modules/{moduleId}', roles: TEACHERS },
  assignModule: { method: 'PUT', path: '/api/classes/{classId}/assign-module', roles: TEACHERS },
  getProgress: { method: 'GET', path: '/api/progress/{studentId}/{moduleId}/{classId}', roles: TEACHERS_AND_STUDENTS },
  markComplete: { method: 'POST', path: '/api/progress/mark-complete', roles: STUDENTS },
  getStudentClassProgress: { method: 'GET', path: '/api/progress/class/{classId}/student/{studentId}', roles: TEACHERS_AND_STUDENTS },
  // The report in pages with ?limit=&cursor= (the spec's whole array without them, for classes that fit).
  getClassReport: { method: 'GET', path: '/api/progress/class/{classId}', roles: TEACHERS_AND_ADMINS },
  // Dashboards: completion per module from the class's counters, and the students active in the last 7 days.
  getClassCompletion: { method: 'GET', path: '/api/progress/class/{classId}/completion', roles: TEACHERS_AND_ADMINS },
  // The roster in pages (?limit=&cursor=).
  listClassStudents: { method: 'GET', path: '/api/classes/{classId}/students', roles: TEACHERS_AND_ADMINS },
  getModuleReport: { method: 'GET', path: '/api/progress/class/{classId}/module/{moduleId}', roles: TEACHERS_AND_ADMINS },
  getNotifications: { method: 'GET', path: '/api/notifications', roles: TEACHERS_AND_STUDENTS },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read', roles: TEACHERS_AND_STUDENTS },
  // The class's teacher reminds a student of a module's due date (the student's bell); once per student, module and day.
  nudgeStudent: { method: 'POST', path: '/api/classes/{classId}/modules/{moduleId}/nudges', roles: TEACHERS },
  // The class's teacher makes a module of the class wait for another (null: opens without one).
  setModulePrerequisite: { method: 'PUT', path: '/api/classes/{classId}/modules/{moduleId}/prerequisite', roles: TEACHERS },
  // The class's teacher changes one student's path (release or excuse a section, unlock a module) with a reason; the
  // student drill-down lists them (admins read it too).
  addPathOverride: { method: 'POST', path: '/api/classes/{classId}/students/{studentId}/overrides', roles: TEACHERS },
  listPathOverrides: { method: 'GET', path: '/api/classes/{classId}/students/{studentId}/overrides', roles: TEACHERS_AND_ADMINS },
  // The class's teacher takes one back (`?sectionId=` names the section of a release or an excuse).
  removePathOverride: { method: 'DELETE', path: '/api/classes/{classId}/students/{studentId}/overrides/{moduleId}/{kind}', roles: TEACHERS },
  createUpload: { method: 'POST', path: '/api/uploads', roles: TEACHERS },
  completeUpload: { method: 'POST', path: '/api/uploads/complete', roles: TEACHERS },
  abortUpload: { method: 'POST', path: '/api/uploads/abort', roles: TEACHERS },
  renewUploadParts: { method: 'POST', path: '/api/uploads/parts', roles: TEACHERS },
  // Every signed-in person: their own name (class rosters store names, so they follow).
  renameSelf: { method: 'PUT', path: '/api/me/name', roles: EVERYONE },
  // Administration (people). Cognito is the directory; every change is written to the audit trail.
  getAdminOverview: { method: 'GET', path: '/api/admin/overview', roles: ADMINS },
  listPeople: { method: 'GET', path: '/api/admin/people', roles: ADMINS },
  invitePerson: { method: 'POST', path: '/api/admin/people', roles: ADMINS },
  invitePeople: { method: 'POST', path: '/api/admin/people/batch', roles: ADMINS },
  lookupPeople: { method: 'POST', path: '/api/admin/people/lookup', roles: ADMINS },
  renamePerson: { method: 'PUT', path: '/api/admin/people/{userId}/name', roles: ADMINS },
  changeRole: { method: 'PUT', path: '/api/admin/people/{userId}/role', roles: ADMINS },
  disablePerson: { method: 'POST', path: '/api/admin/people/{userId}/disable', roles: ADMINS },
  enablePerson: { method: 'POST', path: '/api/admin/people/{userId}/enable', roles: ADMINS },
  /** Disables or enables several people at once (up to 25), each on its own: one failure does not stop the others. */
  setPeopleAccess: { method: 'POST', path: '/api/admin/people/access', roles: ADMINS },
  /** The audit trail in pages, newest first, filtered by who, what and when. */
  listAuditTrail: { method: 'GET', path: '/api/admin/audit', roles: ADMINS },
  // Administration (classes), through the class repository.
  listAdminClasses: { method: 'GET', path: '/api/admin/classes', roles: ADMINS },
  createClass: { method: 'POST', path: '/api/admin/classes', roles: ADMINS },
  getAdminClass: { method: 'GET', path: '/api/admin/classes/{classId}', roles: ADMINS },
  renameClass: { method: 'PUT', path: '/api/admin/classes/{classId}', roles: ADMINS },
  deleteClass: { method: 'DELETE', path: '/api/admin/classes/{classId}', roles: ADMINS },
  setClassTeacher: { method: 'PUT', path: '/api/admin/classes/{classId}/teacher', roles: ADMINS },
  enrolStudents: { method: 'POST', path: '/api/admin/classes/{classId}/students', roles: ADMINS },
  unenrolStudent: { method: 'DELETE', path: '/api/admin/classes/{classId}/students/{studentId}', roles: ADMINS },
  resendInvitation: { method: 'POST', path: '/api/admin/people/{userId}/resend-invitation', roles: ADMINS },
  // Scored checks (one per section): the owner saves and reads it whole; a student of a class it is assigned to reads
  // it without the answer key (`?classId=`) and submits attempts, scored on the server.
  putCheck: { method: 'PUT', path: '/api/modules/{id}/sections/{sectionId}/check', roles: TEACHERS },
  getCheck: { method: 'GET', path: '/api/modules/{id}/sections/{sectionId}/check', roles: TEACHERS_AND_STUDENTS },
  submitAttempt: { method: 'POST', path: '/api/modules/{id}/sections/{sectionId}/check/attempts', roles: STUDENTS },
  // The text of a section's file (owner, or a student of a class it is assigned to), and search: a teacher's library,
  // or (`&moduleId=`) one module a student reads or the teacher owns.
  getSectionText: { method: 'GET', path: '/api/modules/{id}/sections/{sectionId}/text', roles: TEACHERS_AND_STUDENTS },
  search: { method: 'GET', path: '/api/search', roles: TEACHERS_AND_STUDENTS },
  // Questions drafted from the section's file text for the owner to review; nothing is saved.
  draftQuestions: { method: 'POST', path: '/api/modules/{id}/sections/{sectionId}/check/drafts', roles: TEACHERS },
  // The drafts the owner saved or discarded (by source passage): drafting for the section does not offer them again.
  settleDrafts: { method: 'POST', path: '/api/modules/{id}/sections/{sectionId}/check/drafts/settled', roles: TEACHERS },
  // Reports on checks: item analysis of one check in a class, and one student's attempts in a class (newest first).
  getCheckAnalysis: { method: 'GET', path: '/api/progress/class/{classId}/module/{moduleId}/check/{sectionId}', roles: TEACHERS_AND_ADMINS },
  listStudentAttempts: { method: 'GET', path: '/api/progress/class/{classId}/student/{studentId}/attempts', roles: EVERYONE },
  // The reader remembers a student's page per section and counts their opens and minutes (coarse); the student
  // drill-down shows the counts to the class's teacher (admins read it too).
  recordReading: { method: 'PUT', path: '/api/modules/{id}/sections/{sectionId}/reading', roles: STUDENTS },
  getStudentReading: { method: 'GET', path: '/api/progress/class/{classId}/student/{studentId}/reading', roles: TEACHERS_AND_ADMINS },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

/** `{ id: string }` for `/api/modules/{id}`: the path parameters a route's path names. */
export type PathParams<N extends RouteName> = ParamsOf<(typeof routes)[N]['path']>;
type ParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof ParamsOf<Rest>]: string }
  : Record<never, string>;

export const routeEntries = Object.entries(routes) as [RouteName, RouteDefinition][];

/** Fills `{name}` placeholders with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Finds the route for a request the way API Gateway's HTTP API does: a literal segment wins over a parameter, and a
 * trailing slash is part of the path (`/api/classes/` is not `/api/classes`). Returns the route and its decoded path
 * parameters.
 */
export function matchRoute(
  method: string,
  pathname: string,
): { name: RouteName; route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  const requestSegments = pathname.split('/');
  let best: { name: RouteName; route: RouteDefinition; pathParameters: Record<string, string>; literals: number } | undefined;
  for (const [name, route] of routeEntries) {
    if (route.method !== method) continue;
    const segments = route.path.split('/');
    if (segments.length !== requestSegments.length) continue;
    const pathParameters: Record<string, string> = {};
    let literals = 0;
    const matches = segments.every((segment, index) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      if (parameter) {
        if (!requestSegments[index]) return false;
        pathParameters[parameter[1]] = decodeSegment(requestSegments[index]);
        return true;
      }
      literals += 1;
      return segment === requestSegments[index];
    });
    if (matches && (!best || literals > best.literals)) best = { name, route, pathParameters, literals };
  }
  return best && { name: best.name, route: best.route, pathParameters: best.pathParameters };
}

/** A path segment as the caller meant it; one that is not valid percent-encoding is passed on as sent, for the handler to refuse. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
