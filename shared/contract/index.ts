// The API contract: the one route table, assembled from one file per resource (shared/contract/<resource>.ts, each
// route's method, path, roles, request and response schemas together). The functions, the local server, the CDK app
// and the tests iterate it; the web client calls it by name (shared/contract/light.ts). How each route is deployed (its
// handler file, its table and bucket access) lives in infra/route-deployment.ts, so the browser bundle carries none of it.
import type * as z from '../zod';
import type { ParamsOf } from './route';
import type { RouteContract } from './blocks';
import { modulesRoutes } from './modules';
import { pathsRoutes } from './paths';
import { classesRoutes } from './classes';
import { rostersRoutes } from './rosters';
import { progressRoutes } from './progress';
import { reportsRoutes } from './reports';
import { checksRoutes } from './checks';
import { notificationsRoutes } from './notifications';
import { uploadsRoutes } from './uploads';
import { peopleRoutes } from './people';
import { auditRoutes } from './audit';
import { searchRoutes } from './search';
import { dataExportRoutes } from './data-export';
import { ltiRoutes } from './lti';
import { erasureRoutes } from './erasure';
import { schoolSignInRoutes } from './school-sign-in';
import { schoolYearRoutes } from './school-year';

/** Each resource's routes, by resource name (the backend's folders use the same names). */
export const resources = {
  modules: modulesRoutes,
  paths: pathsRoutes,
  classes: classesRoutes,
  rosters: rostersRoutes,
  progress: progressRoutes,
  reports: reportsRoutes,
  checks: checksRoutes,
  notifications: notificationsRoutes,
  uploads: uploadsRoutes,
  people: peopleRoutes,
  audit: auditRoutes,
  search: searchRoutes,
  'data-export': dataExportRoutes,
  lti: ltiRoutes,
  'school-sign-in': schoolSignInRoutes,
  'school-year': schoolYearRoutes,
  erasure: erasureRoutes,
} as const;

export const routes = {
  ...modulesRoutes,
  ...pathsRoutes,
  ...classesRoutes,
  ...rostersRoutes,
  ...progressRoutes,
  ...reportsRoutes,
  ...checksRoutes,
  ...notificationsRoutes,
  ...uploadsRoutes,
  ...peopleRoutes,
  ...auditRoutes,
  ...searchRoutes,
  ...dataExportRoutes,
  ...ltiRoutes,
  ...schoolSignInRoutes,
  ...schoolYearRoutes,
  // Last: the route-permission test drives the routes in this order, and erasing people ends it.
  ...erasureRoutes,
} as const satisfies Record<string, RouteContract>;

export type RouteName = keyof typeof routes;
type Routes = typeof routes;

export const routeEntries = Object.entries(routes) as [RouteName, RouteContract][];

/** `{ id: string }` for `/api/modules/{id}`: the path parameters a route's path names. */
export type PathParams<N extends RouteName> = ParamsOf<Routes[N]['path']>;

/** The body a route takes (as its schema outputs it); undefined for a route that takes none. */
export type RequestOf<N extends RouteName> = Routes[N] extends { body: infer Body extends z.ZodMiniType } ? z.output<Body> : undefined;

/** The body a route answers with on success. */
export type ResponseOf<N extends RouteName> = z.infer<Routes[N]['response']>;

/**
 * Finds the route for a request the way API Gateway's HTTP API does: a literal segment wins over a parameter, and a
 * trailing slash is part of the path (`/api/classes/` is not `/api/classes`). Returns the route and its decoded path
 * parameters.
 */
export function matchRoute(
  method: string,
  pathname: string,
): { name: RouteName; route: RouteContract; pathParameters: Record<string, string> } | undefined {
  const requestSegments = pathname.split('/');
  let best: { name: RouteName; route: RouteContract; pathParameters: Record<string, string>; literals: number } | undefined;
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
