// What every route entry of the contract has, without its schemas: method, path and roles. zod-free, so the web's
// entry chunk can carry the route table (web/vite.config.ts serves it as plain data, shared/contract/light.ts).
import type { Role } from '../roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: `{name}` is a path parameter. */
  path: string;
  /** Groups allowed to call the route; anyone else gets 403. */
  roles: readonly Role[];
}

export const TEACHERS = ['Teachers'] as const;
export const STUDENTS = ['Students'] as const;
export const TEACHERS_AND_STUDENTS = ['Teachers', 'Students'] as const;
export const ADMINS = ['Admins'] as const;
export const EVERYONE = ['Teachers', 'Students', 'Admins'] as const;
export const TEACHERS_AND_ADMINS = ['Teachers', 'Admins'] as const;

/** `{ id: string }` for `/api/modules/{id}`: the path parameters a path names. */
export type ParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof ParamsOf<Rest>]: string }
  : Record<never, string>;

/** Fills `{name}` placeholders with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
