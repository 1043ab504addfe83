// How each API route of the contract (shared/routes.ts) is deployed: the handler file its Lambda bundles, and what
// that function may do to the table and the upload bucket (least-privilege grants and its environment derive from
// it). Keyed by route name; the type makes every route of the contract appear here exactly once.
import { routeEntries, type RouteDefinition, type RouteName } from '../shared/routes';

/** What a route's function may do to the table; least-privilege grants are derived from it. */
export type TableAccess = 'none' | 'read' | 'readUpdate' | 'readWrite';

/** What a route's function may do to uploaded files: read them, take new uploads, or also replace and delete them. */
export type BucketAccess = 'none' | 'read' | 'upload' | 'readWrite';

export interface RouteDeployment {
  /** File name under functions/src/handlers/, without extension. */
  handler: string;
  table: TableAccess;
  bucket: BucketAccess;
}

export const routeDeployment = {
  createModule: { handler: 'create-module', table: 'readWrite', bucket: 'read' },
  listModules: { handler: 'list-modules', table: 'read', bucket: 'none' },
  getModule: { handler: 'get-module', table: 'read', bucket: 'read' },
  updateModule: { handler: 'update-module', table: 'readWrite', bucket: 'readWrite' },
  deleteModule: { handler: 'delete-module', table: 'readWrite', bucket: 'readWrite' },
  listClasses: { handler: 'list-classes', table: 'read', bucket: 'none' },
  getClass: { handler: 'get-class', table: 'read', bucket: 'none' },
  listTeacherClasses: { handler: 'list-teacher-classes', table: 'read', bucket: 'none' },
  listStudentClasses: { handler: 'list-student-classes', table: 'read', bucket: 'none' },
  assignModule: { handler: 'assign-module', table: 'readUpdate', bucket: 'none' },
  getProgress: { handler: 'get-progress', table: 'read', bucket: 'none' },
  markComplete: { handler: 'mark-complete', table: 'readUpdate', bucket: 'none' },
  getClassReport: { handler: 'get-class-report', table: 'read', bucket: 'none' },
  createUpload: { handler: 'create-upload', table: 'readWrite', bucket: 'upload' },
  completeUpload: { handler: 'complete-upload', table: 'readWrite', bucket: 'readWrite' },
  abortUpload: { handler: 'abort-upload', table: 'readWrite', bucket: 'upload' },
  renewUploadParts: { handler: 'renew-upload-parts', table: 'read', bucket: 'upload' },
} as const satisfies Record<RouteName, RouteDeployment>;

export type DeployedRoute = RouteDefinition & RouteDeployment;

/** Every route with its deployment, in the contract's order. */
export const deployedRoutes: [RouteName, DeployedRoute][] = routeEntries.map(([name, route]) => [
  name,
  { ...route, ...routeDeployment[name] },
]);
