import { matchRoute, resources, routeEntries, routes } from './index';
import { buildPath } from './route';

describe('route table', () => {
  it('lists each method and path once', () => {
    const keys = routeEntries.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routeEntries)('%s admits at least one role and has a response schema', (_name, route) => {
    expect(route.roles.length).toBeGreaterThan(0);
    expect(route.response).toBeDefined();
  });

  it('holds each resource\'s routes, each route in one resource only', () => {
    const names = Object.values(resources).flatMap((resource) => Object.keys(resource));
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(routes).sort());
  });
});

describe('matchRoute', () => {
  it.each(routeEntries)('finds %s from its own path with every parameter filled', (name, route) => {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const params = Object.fromEntries(names.map((param) => [param, `${param}-value`]));
    expect(matchRoute(route.method, buildPath(route.path, params))).toEqual({ name, route, pathParameters: params });
  });

  it.each([
    ['GET', '/api/modules/getAllModules', 'listModules', {}],
    ['GET', '/api/modules/module-1', 'getModule', { id: 'module-1' }],
    ['GET', '/api/classes/teacher/t-1', 'listTeacherClasses', { teacherId: 't-1' }],
    ['GET', '/api/classes/student/s-1', 'listStudentClasses', { userId: 's-1' }],
    ['GET', '/api/progress/class/c-1', 'getClassReport', { classId: 'c-1' }],
    ['POST', '/api/progress/mark-complete', 'markComplete', {}],
    ['POST', '/api/uploads/complete', 'completeUpload', {}],
    ['PUT', '/api/classes/c-1/assign-module', 'assignModule', { classId: 'c-1' }],
  ])('prefers literal segments over parameters: %s %s → %s', (method, path, name, params) => {
    const match = matchRoute(method, path);
    expect(match?.name).toBe(name);
    expect(match?.pathParameters).toEqual(params);
  });

  it('finds a literal route whichever order the table lists it in', () => {
    // getModule ({id}) and listModules (getAllModules) have the same shape; the literal must win in both orders.
    routeEntries.reverse();
    try {
      expect(matchRoute('GET', '/api/modules/getAllModules')?.name).toBe('listModules');
      expect(matchRoute('GET', '/api/modules/m-1')?.name).toBe('getModule');
    } finally {
      routeEntries.reverse();
    }
  });

  it('decodes parameters', () => {
    expect(matchRoute('GET', '/api/modules/a%20b%2Fc')?.pathParameters).toEqual({ id: 'a b/c' });
  });

  it('matches no route with a trailing slash, as HTTP API does', () => {
    expect(matchRoute('GET', '/api/modules/a%20b%2Fc/')).toBeUndefined();
    expect(matchRoute('GET', '/api/classes/')).toBeUndefined();
  });

  it('passes a parameter that is not valid percent-encoding on as sent, for the handler to refuse', () => {
    expect(matchRoute('GET', '/api/modules/%E0%A4%A')).toMatchObject({ name: 'getModule', pathParameters: { id: '%E0%A4%A' } });
  });

  it.each([
    ['GET', '/api/modules'],
    ['PATCH', '/api/modules/m-1'],
    ['DELETE', '/api/classes/c-1'],
    ['GET', '/api/modules/m-1/extra'],
    ['GET', '/api/progress/s/m'],
    ['GET', '/api/modules//'],
    ['GET', '/api/classes//assign-module'],
    ['GET', '/'],
    ['GET', '/api/unknown'],
  ])('finds nothing for %s %s', (method, path) => {
    expect(matchRoute(method, path)).toBeUndefined();
  });
});

describe('buildPath', () => {
  it('fills and URL-encodes parameters', () => {
    expect(buildPath(routes.getProgress.path, { studentId: 's 1', moduleId: 'a/b', classId: 'c?d#e' })).toBe(
      '/api/progress/s%201/a%2Fb/c%3Fd%23e',
    );
    expect(matchRoute('GET', buildPath(routes.getModule.path, { id: 'ü/ß?' }))?.pathParameters).toEqual({ id: 'ü/ß?' });
  });

  it('leaves a path without parameters as it is', () => {
    expect(buildPath(routes.listClasses.path)).toBe('/api/classes');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => buildPath(routes.getClass.path, {})).toThrow('Missing path parameter classId for /api/classes/{classId}');
  });
});
