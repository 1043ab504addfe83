// The one list of API routes. The CDK app creates one Lambda and one authorized route per entry, the local server
// dispatches from it, and the web client builds its calls from it. Nothing else lists routes.
import type { Role } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route's function may do to the table; least-privilege grants are derived from it. */
export type TableAccess = 'none' | 'read' | 'readUpdate' | 'readWrite';

/** What a route's function may do to uploaded files: read them, take new uploads, or also replace and delete them. */
export type BucketAccess = 'none' | 'read' | 'upload' | 'readWrite';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: `{name}` is a path parameter. */
  path: string;
  /** File name under functions/src/handlers/, without extension. */
  handler: string;
  /** Groups allowed to call the route; anyone else gets 403. */
  roles: readonly Role[];
  table: TableAccess;
  bucket: BucketAccess;
}

const TEACHERS = ['Teachers'] as const;
const STUDENTS = ['Students'] as const;
const TEACHERS_AND_STUDENTS = ['Teachers', 'Students'] as const;

export const routes = {
  createModule: { method: 'POST', path: '/api/modules', handler: 'create-module', roles: TEACHERS, table: 'readWrite', bucket: 'read' },
  listModules: { method: 'GET', path: '/api/modules/getAllModules', handler: 'list-modules', roles: TEACHERS, table: 'read', bucket: 'none' },
  getModule: { method: 'GET', path: '/api/modules/{id}', handler: 'get-module', roles: TEACHERS_AND_STUDENTS, table: 'read', bucket: 'read' },
  updateModule: { method: 'PUT', path: '/api/modules/{id}', handler: 'update-module', roles: TEACHERS, table: 'readWrite', bucket: 'readWrite' },
  deleteModule: { method: 'DELETE', path: '/api/modules/{id}', handler: 'delete-module', roles: TEACHERS, table: 'readWrite', bucket: 'readWrite' },
  listClasses: { method: 'GET', path: '/api/classes', handler: 'list-classes', roles: TEACHERS, table: 'read', bucket: 'none' },
  getClass: { method: 'GET', path: '/api/classes/{classId}', handler: 'get-class', roles: TEACHERS_AND_STUDENTS, table: 'read', bucket: 'none' },
  listTeacherClasses: { method: 'GET', path: '/api/classes/teacher/{teacherId}', handler: 'list-teacher-classes', roles: TEACHERS, table: 'read', bucket: 'none' },
  listStudentClasses: { method: 'GET', path: '/api/classes/student/{userId}', handler: 'list-student-classes', roles: STUDENTS, table: 'read', bucket: 'none' },
  assignModule: { method: 'PUT', path: '/api/classes/{classId}/assign-module', handler: 'assign-module', roles: TEACHERS, table: 'readUpdate', bucket: 'none' },
  getProgress: { method: 'GET', path: '/api/progress/{studentId}/{moduleId}/{classId}', handler: 'get-progress', roles: TEACHERS_AND_STUDENTS, table: 'read', bucket: 'none' },
  markComplete: { method: 'POST', path: '/api/progress/mark-complete', handler: 'mark-complete', roles: STUDENTS, table: 'readUpdate', bucket: 'none' },
  getClassReport: { method: 'GET', path: '/api/progress/class/{classId}', handler: 'get-class-report', roles: TEACHERS, table: 'read', bucket: 'none' },
  createUpload: { method: 'POST', path: '/api/uploads', handler: 'create-upload', roles: TEACHERS, table: 'readWrite', bucket: 'upload' },
  completeUpload: { method: 'POST', path: '/api/uploads/complete', handler: 'complete-upload', roles: TEACHERS, table: 'readWrite', bucket: 'readWrite' },
  abortUpload: { method: 'POST', path: '/api/uploads/abort', handler: 'abort-upload', roles: TEACHERS, table: 'readWrite', bucket: 'upload' },
  renewUploadParts: { method: 'POST', path: '/api/uploads/parts', handler: 'renew-upload-parts', roles: TEACHERS, table: 'read', bucket: 'upload' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

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
