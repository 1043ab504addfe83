// The route table as the web app calls it: method, path and roles by route name, without the schemas. The browser
// build serves this module as the plain data it evaluates to (web/vite.config.ts, `lightRouteTable`), so the entry
// chunk carries no zod; everywhere else (the web's tests, Node) it is the contract's own table.
import { routes as contract, type RouteName } from './index';
import type { RouteDefinition } from './route';

export type LightRoutes = { [N in RouteName]: Pick<(typeof contract)[N], keyof RouteDefinition> };

/** Method, path and roles of each route: the data the browser build inlines. */
export const lightRoutes = (): LightRoutes =>
  Object.fromEntries(Object.entries(contract).map(([name, { method, path, roles }]) => [name, { method, path, roles }])) as LightRoutes;

export const routes: LightRoutes = contract;
