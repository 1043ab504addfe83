// The one client for the API: every call is built from the shared route table and typed with the shared entities.
import type {
  ClassDetail,
  ClassReportRow,
  ClassSummary,
  Module,
  Progress,
  RenewedUploadParts,
  UploadTicket,
} from '../../../shared/entities';
import type { AdminClassDetail, AdminClassSummary, CreateClassInput, EnrolmentOutcome } from '../../../shared/class-admin';
import type {
  AdminOverview,
  Invitation,
  InvitationOutcome,
  InvitePersonInput,
  ListPeopleQuery,
  PeoplePage,
  Person,
} from '../../../shared/people';
import type { Role } from '../../../shared/roles';
import { buildPath, routes, type RouteDefinition } from '../../../shared/routes';
import type {
  AbortUploadInput,
  CompleteUploadInput,
  CreateModuleInput,
  CreateUploadInput,
  MarkCompleteInput,
  RenewUploadPartsInput,
  UpdateModuleInput,
} from '../../../shared/schemas';

/** A failed API call; `message` is the server's sentence for a person, `status` the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The API answered 404: the resource does not exist or is not the caller's to see. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

interface ApiSettings {
  baseUrl: string;
  getAccessToken: () => Promise<string | undefined>;
}

let settings: ApiSettings = { baseUrl: '', getAccessToken: async () => undefined };

export function configureApi(next: ApiSettings) {
  settings = next;
}

async function call<T>(
  route: RouteDefinition,
  params: Record<string, string> = {},
  body?: unknown,
  query: Record<string, string | undefined> = {},
): Promise<T> {
  const token = await settings.getAccessToken();
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();
  const response = await fetch(settings.baseUrl + buildPath(route.path, params) + (search ? `?${search}` : ''), {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  listModules: () => call<Module[]>(routes.listModules),
  getModule: (id: string) => call<Module>(routes.getModule, { id }),
  createModule: (input: CreateModuleInput) => call<Module>(routes.createModule, {}, input),
  updateModule: (id: string, input: UpdateModuleInput) => call<Module>(routes.updateModule, { id }, input),
  deleteModule: (id: string) => call<void>(routes.deleteModule, { id }),

  getClass: (classId: string) => call<ClassDetail>(routes.getClass, { classId }),
  listTeacherClasses: (teacherId: string) => call<ClassSummary[]>(routes.listTeacherClasses, { teacherId }),
  listStudentClasses: (userId: string) => call<ClassSummary[]>(routes.listStudentClasses, { userId }),
  assignModule: (classId: string, moduleId: string) => call<ClassDetail>(routes.assignModule, { classId }, { moduleId }),
  unassignModule: (classId: string, moduleId: string) => call<ClassDetail>(routes.unassignModule, { classId, moduleId }),

  getProgress: (studentId: string, moduleId: string, classId: string) =>
    call<Progress>(routes.getProgress, { studentId, moduleId, classId }),
  markComplete: (input: MarkCompleteInput) => call<Progress>(routes.markComplete, {}, input),
  getClassReport: (classId: string) => call<ClassReportRow[]>(routes.getClassReport, { classId }),

  createUpload: (input: CreateUploadInput) => call<UploadTicket>(routes.createUpload, {}, input),
  completeUpload: (input: CompleteUploadInput) => call<{ contentUrl: string }>(routes.completeUpload, {}, input),
  abortUpload: (input: AbortUploadInput) => call<void>(routes.abortUpload, {}, input),
  renewUploadParts: (input: RenewUploadPartsInput) => call<RenewedUploadParts>(routes.renewUploadParts, {}, input),

  renameSelf: (name: string) => call<Person>(routes.renameSelf, {}, { name }),
  getAdminOverview: () => call<AdminOverview>(routes.getAdminOverview),
  listPeople: (query: ListPeopleQuery) => call<PeoplePage>(routes.listPeople, {}, undefined, query),
  invitePerson: (input: InvitePersonInput) => call<Invitation>(routes.invitePerson, {}, input),
  invitePeople: (people: InvitePersonInput[]) => call<{ results: InvitationOutcome[] }>(routes.invitePeople, {}, { people }),
  lookupPeople: (emails: string[]) => call<{ people: Person[] }>(routes.lookupPeople, {}, { emails }),
  renamePerson: (userId: string, name: string) => call<Person>(routes.renamePerson, { userId }, { name }),
  changeRole: (userId: string, role: Role) => call<Person>(routes.changeRole, { userId }, { role }),
  disablePerson: (userId: string) => call<Person>(routes.disablePerson, { userId }),
  enablePerson: (userId: string) => call<Person>(routes.enablePerson, { userId }),
  resendInvitation: (userId: string) => call<{ temporaryPassword?: string }>(routes.resendInvitation, { userId }),

  listAdminClasses: () => call<AdminClassSummary[]>(routes.listAdminClasses),
  getAdminClass: (classId: string) => call<AdminClassDetail>(routes.getAdminClass, { classId }),
  createClass: (input: CreateClassInput) => call<AdminClassDetail>(routes.createClass, {}, input),
  renameClass: (classId: string, className: string) => call<AdminClassDetail>(routes.renameClass, { classId }, { className }),
  deleteClass: (classId: string) => call<void>(routes.deleteClass, { classId }),
  setClassTeacher: (classId: string, teacherId: string | null) => call<AdminClassDetail>(routes.setClassTeacher, { classId }, { teacherId }),
  enrolStudents: (classId: string, studentIds: string[]) => call<{ results: EnrolmentOutcome[] }>(routes.enrolStudents, { classId }, { studentIds }),
  unenrolStudent: (classId: string, studentId: string) => call<AdminClassDetail>(routes.unenrolStudent, { classId, studentId }),
};
