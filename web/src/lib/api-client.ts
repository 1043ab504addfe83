// The one client for the API: every call is built from the shared route table (method, path) and typed from the
// contract by route name (path parameters, request body, response body), so no call pairs a route with types by hand.
// The table is shared/contract/light.ts (method, path and roles, no schemas) and only types come from the schemas, so
// zod stays out of this bundle.
import type { ResponseOf, PathParams, RouteName, RequestOf } from '@shared/contract';
import { buildPath } from '@shared/contract/route';
import { routes } from '@shared/contract/light';
import type { AuditQuery } from '@shared/contract/audit';
import type { ListPeopleQuery } from '@shared/contract/people';
import { PAGE_LIMITS } from '@shared/constants';
import type { ClassReportPage } from '@shared/contract/reports';
import { ERROR_REASONS, type ErrorReason } from '@shared/second-factor';

/**
 * A failed API call; `message` is the server's sentence for a person, `status` the HTTP status, and `fields` the
 * message per invalid field of a 400 (by dotted path: `title`, `sections.0.title`), `reason` a refusal with a way out.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly reason?: ErrorReason,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/** What a person reads when a request got no answer (offline, or the connection dropped); the browser's own text says nothing useful. */
export const NO_CONNECTION = 'Could not reach the server. Check your connection, then try again.';

/** The API answered 404: the resource does not exist or is not the caller's to see. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** An administration route refused an admin who has not turned on two-factor authentication. */
export const needsSecondFactor = (error: unknown): boolean => error instanceof ApiError && error.reason === 'secondFactorRequired';

/** An administration route refused an admin whose session began before two-factor authentication was on. */
export const needsSecondFactorSignIn = (error: unknown): boolean => error instanceof ApiError && error.reason === 'secondFactorSignInRequired';

interface ApiSettings {
  baseUrl: string;
  getAccessToken: () => Promise<string | undefined>;
}

let settings: ApiSettings = { baseUrl: '', getAccessToken: async () => undefined };

export function configureApi(next: ApiSettings) {
  settings = next;
}

/**
 * Calls a route by name; its parameters, body and answer are the contract's (query parameters for the admin lists).
 * `keepalive` lets a small request finish after the page is left (the reader's last report on pagehide).
 */
export async function call<N extends RouteName>(
  name: N,
  params: PathParams<N>,
  body?: RequestOf<N>,
  query: Record<string, string | undefined> = {},
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<ResponseOf<N>> {
  const route = routes[name];
  const token = await settings.getAccessToken();
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();
  let response: Response;
  let text: string;
  try {
    response = await fetch(settings.baseUrl + buildPath(route.path, params) + (search ? `?${search}` : ''), {
      method: route.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(keepalive && { keepalive }),
    });
    text = await response.text();
  } catch (error) {
    // Status 0: no answer came (queries retry it; a form shows the sentence and keeps what was typed).
    throw new ApiError(0, NO_CONNECTION, {}, undefined, { cause: error });
  }
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const { message, fields, reason } = (data ?? {}) as { message?: unknown; fields?: unknown; reason?: unknown };
    const known = ERROR_REASONS.find((each) => each === reason);
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, stringRecord(fields), known);
  }
  // The server validates against the same contract; integration tests parse every answer with its schema.
  return data as ResponseOf<N>;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  listModules: () => call('listModules', {}),
  /** A student names the class they read it in (one round trip authorizes them); its owner reads it without. */
  getModule: (id: string, classId?: string) => call('getModule', { id }, undefined, { classId }),
  /** Its owner's read with what deleting it would take away (`usage`). */
  getModuleUsage: (id: string) => call('getModule', { id }, undefined, { usage: 'true' }),
  createModule: (input: RequestOf<'createModule'>) => call('createModule', {}, input),
  updateModule: (id: string, input: RequestOf<'updateModule'>) => call('updateModule', { id }, input),
  deleteModule: (id: string) => call('deleteModule', { id }),
  /** The teacher's library, or (`moduleId`) one module a student reads or the teacher owns. */
  search: (q: string, moduleId?: string) => call('search', {}, undefined, { q, moduleId }),

  getClass: (classId: string) => call('getClass', { classId }),
  listTeacherClasses: (teacherId: string) => call('listTeacherClasses', { teacherId }),
  listStudentClasses: (userId: string) => call('listStudentClasses', { userId }),
  assignModule: (classId: string, moduleId: string, dueAt?: string) => call('assignModule', { classId }, { moduleId, ...(dueAt ? { dueAt } : {}) }),
  unassignModule: (classId: string, moduleId: string) => call('unassignModule', { classId, moduleId }),

  getProgress: (studentId: string, moduleId: string, classId: string) => call('getProgress', { studentId, moduleId, classId }),
  markComplete: (input: RequestOf<'markComplete'>) => call('markComplete', {}, input),
  /** One page of the report; with `limit` the contract's answer is a page, not the spec's whole array. */
  getClassReportPage: (classId: string, cursor?: string) =>
    call('getClassReport', { classId }, undefined, { limit: String(PAGE_LIMITS.studentsMax), cursor }) as Promise<ClassReportPage>,
  listClassStudents: (classId: string, cursor?: string) => call('listClassStudents', { classId }, undefined, { cursor }),
  getClassCompletion: (classId: string) => call('getClassCompletion', { classId }),
  getModuleReport: (classId: string, moduleId: string) => call('getModuleReport', { classId, moduleId }),
  getNotifications: () => call('getNotifications', {}),
  markNotificationsRead: () => call('markNotificationsRead', {}),
  nudgeStudent: (classId: string, moduleId: string, studentId: string) => call('nudgeStudent', { classId, moduleId }, { studentId }),
  getStudentClassProgress: (classId: string, studentId: string) => call('getStudentClassProgress', { classId, studentId }),

  createUpload: (input: RequestOf<'createUpload'>) => call('createUpload', {}, input),
  completeUpload: (input: RequestOf<'completeUpload'>) => call('completeUpload', {}, input),
  abortUpload: (input: RequestOf<'abortUpload'>) => call('abortUpload', {}, input),
  renewUploadParts: (input: RequestOf<'renewUploadParts'>) => call('renewUploadParts', {}, input),

  renameSelf: (name: string) => call('renameSelf', {}, { name }),
  getAdminOverview: () => call('getAdminOverview', {}),
  listPeople: (query: ListPeopleQuery) => call('listPeople', {}, undefined, query),
  invitePerson: (input: RequestOf<'invitePerson'>) => call('invitePerson', {}, input),
  invitePeople: (people: RequestOf<'invitePeople'>['people']) => call('invitePeople', {}, { people }),
  lookupPeople: (emails: string[]) => call('lookupPeople', {}, { emails }),
  renamePerson: (userId: string, name: string) => call('renamePerson', { userId }, { name }),
  changeRole: (userId: string, role: RequestOf<'changeRole'>['role']) => call('changeRole', { userId }, { role }),
  disablePerson: (userId: string) => call('disablePerson', { userId }),
  enablePerson: (userId: string) => call('enablePerson', { userId }),
  listAuditTrail: (query: AuditQuery) => call('listAuditTrail', {}, undefined, query),
  setPeopleAccess: (access: RequestOf<'setPeopleAccess'>['access'], userIds: string[]) => call('setPeopleAccess', {}, { access, userIds }),
  resendInvitation: (userId: string) => call('resendInvitation', { userId }),

  listAdminClasses: () => call('listAdminClasses', {}),
  getAdminClass: (classId: string) => call('getAdminClass', { classId }),
  createClass: (input: RequestOf<'createClass'>) => call('createClass', {}, input),
  renameClass: (classId: string, className: string) => call('renameClass', { classId }, { className }),
  deleteClass: (classId: string) => call('deleteClass', { classId }),
  setClassTeacher: (classId: string, teacherId: string | null) => call('setClassTeacher', { classId }, { teacherId }),
  enrolStudents: (classId: string, studentIds: string[]) => call('enrolStudents', { classId }, { studentIds }),
  unenrolStudent: (classId: string, studentId: string) => call('unenrolStudent', { classId, studentId }),
};
