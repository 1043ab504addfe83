import { gunzipSync } from 'node:zlib';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Role } from '@shared/roles';
import { routes } from '@shared/contract';
import { admitsAdmins, SECOND_FACTOR_REQUIRED_MESSAGE, SECOND_FACTOR_SIGN_IN_MESSAGE, TOKEN_REVOKED_MESSAGE } from '@shared/second-factor';
import { deployedRoutes, routeDeployment, type RouteDeployment } from '@infra/route-deployment';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, TEACHER_ID, tokens, type ApiEvent, type TokenSpec } from '@test/unit-helpers/events';
import { inMemoryPorts } from '@functions/test/in-memory/ports';
import { requireOwnClassList } from '../classes/classes';
import { makeProgressService } from '../progress/progress';
import { handler as listModules } from '../modules/handlers/list-modules';
import { DomainError } from '../kernel/errors';
import { handler as markComplete, makeHandler as makeMarkComplete } from '../progress/handlers/mark-complete';
import type { Context } from 'aws-lambda';
import { BUSINESS_METRICS, SERVER_ERROR_METRIC } from '@shared/metrics';
import { apiHandler } from '../composition/api-handler';
import { pseudonymOf } from '../erasure/adapters/pseudonym';
import { ok, routesStartedBesideGuards } from './http';
import { makeDocumentClient } from './dynamodb-client';
import { getLogger } from './logger';
import { getMetrics } from './metrics';

const { ddb, s3 } = mockAws();
const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => cognito.reset());

type Handler = (event: ApiEvent) => ReturnType<typeof listModules>;
const loadHandler = async (file: string): Promise<Handler> => (await import(`../${file}`)).handler;

/** A caller holding one role, for each role a route does not admit. */
const outsiders = (allowed: readonly Role[]): [string, TokenSpec][] => [
  ...(allowed.includes('Admins') ? [] : ([['an admin', tokens.admin]] as [string, TokenSpec][])),
  ...(allowed.includes('Teachers') ? [] : ([['a teacher', tokens.teacher]] as [string, TokenSpec][])),
  ...(allowed.includes('Students') ? [] : ([['a student', tokens.student]] as [string, TokenSpec][])),
  ['a user in no group', { sub: 'nobody' }],
];

describe.each(deployedRoutes)('%s: authentication and roles, before any data is touched', (_name, route) => {
  it('answers 401 without claims', async () => {
    const answer = await invoke(await loadHandler(route.handler), apiEvent(route, { token: null }));
    expect(answer).toMatchObject({ statusCode: 401, body: errorBody(/sign in/) });
    expect(ddb).not.toReceiveAnyCommand();
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers 401 to an ID token carrying the right group', async () => {
    const groups = [...route.roles];
    const answer = await invoke(
      await loadHandler(route.handler),
      apiEvent(route, { token: { sub: 'user-1', groups, tokenUse: 'id' } }),
    );
    expect(answer).toMatchObject({ statusCode: 401, body: errorBody(/access token/) });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it.each(outsiders(route.roles))('answers 403 to %s', async (_who, token) => {
    const answer = await invoke(await loadHandler(route.handler), apiEvent(route, { token, body: {} }));
    expect(answer).toMatchObject({ statusCode: 403, body: errorBody() });
    expect(ddb).not.toReceiveAnyCommand();
    expect(s3).not.toReceiveAnyCommand();
    expect(cognito).not.toReceiveAnyCommand();
  });
});

describe('apiHandler', () => {
  it('reads groups in the string form HTTP API gives Lambda', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const answer = await invoke(
      listModules,
      apiEvent(routes.listModules, { token: { sub: 'teacher-1', groups: '[Admins Teachers]' } }),
    );
    expect(answer).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-request-id': 'request-1' },
      body: [],
    });
  });

  it('gzips an answer of 1 KB or more for a client that accepts gzip, and only then', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => ({ moduleId: `module-${index}`, title: 'Cells and their parts' }));
    const handler = apiHandler('listModules', async () => ok(rows as never));
    const event = apiEvent(routes.listModules);
    const plain = await handler(event);
    expect(plain).toMatchObject({ body: JSON.stringify(rows) });
    expect(plain.headers).not.toHaveProperty('content-encoding');

    const compressed = await handler({ ...event, headers: { ...event.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed).toMatchObject({ isBase64Encoded: true, headers: { 'content-encoding': 'gzip', 'x-request-id': 'request-1' } });
    expect(JSON.parse(gunzipSync(Buffer.from(compressed.body!, 'base64')).toString('utf8'))).toEqual(rows);

    const small = apiHandler('listModules', async () => ok([]));
    const smallAnswer = await small({ ...event, headers: { ...event.headers, 'accept-encoding': 'gzip' } });
    expect(smallAnswer).toMatchObject({ body: '[]' });
    expect(smallAnswer.headers).not.toHaveProperty('content-encoding');
  });

  it('answers 400 to a body that is not JSON, before reading anything', async () => {
    const answer = await invoke(markComplete, apiEvent(routes.markComplete, { token: tokens.student, rawBody: '{"studentId":' }));
    expect(answer).toMatchObject({ statusCode: 400, body: { message: 'The request body is not valid JSON.' } });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('answers 400 when a body is required but missing', async () => {
    const answer = await invoke(markComplete, apiEvent(routes.markComplete, { token: tokens.student }));
    expect(answer).toMatchObject({
      statusCode: 400,
      body: { message: 'The request body must be a JSON object with the fields this request needs.' },
    });
  });

  it('decodes a base64 body', async () => {
    const answer = await invoke(
      markComplete,
      apiEvent(routes.markComplete, { token: tokens.student, body: { studentId: 'someone-else', moduleId: 'm', classId: 'c', sectionId: 's' }, base64: true }),
    );
    // Parsed and validated, then refused by the use case: the body was understood.
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only mark your own progress.' } });
  });

  it('answers 500 with a sentence and a reference the user can quote, logs the cause with that id and counts it', async () => {
    const failure = new Error('socket hang up at 10.0.0.12');
    // The module and its check index are read together, as one BatchGetItem.
    ddb.on(BatchGetCommand).rejects(failure);
    const logged = jest.spyOn(getLogger(), 'error');
    const counted = jest.spyOn(getMetrics(), 'addMetric');
    const getModule = await loadHandler(routeDeployment.getModule.handler);
    const answer = await invoke(getModule, apiEvent(routes.getModule, { pathParameters: { id: 'module-1' } }));
    expect(answer).toMatchObject({
      statusCode: 500,
      headers: { 'x-request-id': 'request-1' },
      body: { message: 'Something went wrong on our side. Please try again in a moment; if it keeps happening, quote reference request-1.' },
    });
    expect(JSON.stringify(answer.body)).not.toContain('10.0.0.12');
    expect(logged).toHaveBeenCalledWith('Unhandled error', { error: failure, routeKey: 'GET /api/modules/{id}' });
    expect(getLogger().getCorrelationId()).toBe('request-1');
    expect(counted).toHaveBeenCalledWith(SERVER_ERROR_METRIC, 'Count', 1);
  });

  it('gives the logger the Lambda context and the request id of each invocation', async () => {
    const addContext = jest.spyOn(getLogger(), 'addContext');
    const context = { functionName: 'listModules', awsRequestId: 'lambda-1' } as Context;
    ddb.on(QueryCommand).resolves({ Items: [] });
    const answer = await listModules(apiEvent(routes.listModules, { requestId: 'request-7' }), context);
    expect(addContext).toHaveBeenCalledWith(context);
    expect(getLogger().getCorrelationId()).toBe('request-7');
    expect(answer.headers).toMatchObject({ 'x-request-id': 'request-7' });
  });

  it('counts the business event of a successful request, and a refusal by role', async () => {
    const counted = jest.spyOn(getMetrics(), 'addMetric');
    const handler = apiHandler('listModules', async () => ok([]), { counts: BUSINESS_METRICS.moduleCreated });
    await invoke(handler, apiEvent(routes.listModules));
    expect(counted).toHaveBeenCalledWith('ModuleCreated', 'Count', 1);
    counted.mockClear();
    await invoke(handler, apiEvent(routes.listModules, { token: tokens.student }));
    expect(counted).toHaveBeenCalledWith('RequestRefusedByRole', 'Count', 1);
    expect(counted).not.toHaveBeenCalledWith('ModuleCreated', 'Count', 1);
  });

  it('maps each domain error kind to its status', async () => {
    const kinds = { invalid: 400, unauthenticated: 401, forbidden: 403, notFound: 404, conflict: 409 } as const;
    for (const [kind, status] of Object.entries(kinds)) {
      const handler = apiHandler('listModules', async () => {
        throw new DomainError(kind as keyof typeof kinds, `It failed as ${kind}.`);
      });
      await expect(invoke(handler, apiEvent(routes.listModules))).resolves.toMatchObject({
        statusCode: status,
        body: { message: `It failed as ${kind}.` },
      });
    }
  });
});

describe('apiHandler behind CloudFront (ORIGIN_VERIFY_SECRET set)', () => {
  const secret = 'origin-secret-123';
  let handler: ReturnType<typeof apiHandler>;
  beforeAll(() => {
    process.env.ORIGIN_VERIFY_SECRET = secret;
    handler = apiHandler('listModules', async () => ok([]));
    delete process.env.ORIGIN_VERIFY_SECRET;
  });
  const withHeader = (value?: string) => {
    const event = apiEvent(routes.listModules);
    return { ...event, headers: { ...event.headers, ...(value === undefined ? {} : { 'x-origin-verify': value }) } };
  };

  it.each([
    ['without the header', undefined],
    ['with another value', 'origin-secret-124'],
    ['with a prefix of it', 'origin-secret'],
  ])('answers 403 to a request %s, before looking at the caller', async (_case, value) => {
    const event = withHeader(value);
    const answer = await invoke(handler, { ...event, requestContext: { ...event.requestContext, authorizer: undefined } } as never);
    expect(answer).toMatchObject({ statusCode: 403, body: { message: "Use the API through the app's address." } });
  });

  it('serves a request carrying it', async () => {
    expect(await invoke(handler, withHeader(secret))).toMatchObject({ statusCode: 200, body: [] });
  });
});

describe('routes admitting admins: two-factor authentication', () => {
  const adminRoutes = deployedRoutes.filter(([, route]) => admitsAdmins(route));

  it('include the routes shared with teachers (rosters, completion, reports), and each grants the AdminGetUser the check makes', () => {
    expect(adminRoutes.map(([name]) => name)).toEqual(expect.arrayContaining(['listClassStudents', 'getClassCompletion', 'getClassReport', 'getModuleReport', 'getClass']));
    for (const [, route] of adminRoutes) expect(route.userPool).toContain('AdminGetUser');
  });

  it.each(adminRoutes)('%s refuses an admin without TOTP with 403 and a way out, before touching any data', async (_name, route) => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 'admin-1', UserMFASettingList: [] });
    const answer = await invoke(await loadHandler(route.handler), apiEvent(route, { token: tokens.admin, body: {} }));
    expect(answer).toMatchObject({
      statusCode: 403,
      body: { message: SECOND_FACTOR_REQUIRED_MESSAGE, reason: 'secondFactorRequired' },
    });
    expect(cognito).toHaveReceivedCommandTimes(AdminGetUserCommand, 1);
    expect(cognito).toHaveReceivedCommandWith(AdminGetUserCommand, { UserPoolId: 'test-pool', Username: tokens.admin.sub });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('lets an admin with TOTP through (SMS alone does not count)', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const listAdminClasses = await loadHandler(routeDeployment.listAdminClasses.handler);
    const event = apiEvent(routes.listAdminClasses, { token: tokens.admin });

    cognito.on(AdminGetUserCommand).resolves({ Username: 'admin-1', UserMFASettingList: ['SMS_MFA'] });
    expect(await invoke(listAdminClasses, event)).toMatchObject({ statusCode: 403 });

    cognito.on(AdminGetUserCommand).resolves({ Username: 'admin-1', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(await invoke(listAdminClasses, event)).toMatchObject({ statusCode: 200, body: [] });
  });

  it('reads the admin from the user pool once per audited change: the two-factor answer names them in the audit trail', async () => {
    const admin = { Username: tokens.admin.sub, UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], UserAttributes: [{ Name: 'name', Value: 'Ada Admin' }, { Name: 'email', Value: 'ada@example.com' }] };
    const student = { Username: 'student-9', Enabled: true, UserStatus: 'CONFIRMED' as const, UserAttributes: [{ Name: 'sub', Value: 'student-9' }, { Name: 'email', Value: 'sam@example.com' }, { Name: 'name', Value: 'Sam' }] };
    cognito.on(AdminGetUserCommand).resolves(student).on(AdminGetUserCommand, { Username: tokens.admin.sub }).resolves(admin);
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: 'Students' }] });
    ddb.on(PutCommand).resolves({});
    const disablePerson = await loadHandler(routeDeployment.disablePerson.handler);

    const answer = await invoke(disablePerson, apiEvent(routes.disablePerson, { token: tokens.admin, pathParameters: { userId: 'student-9' } }));

    expect(answer).toMatchObject({ statusCode: 200, body: { userId: 'student-9', status: 'disabled' } });
    expect(cognito.commandCalls(AdminGetUserCommand, { Username: tokens.admin.sub })).toHaveLength(1);
    expect(cognito).toHaveReceivedCommandTimes(AdminGetUserCommand, 2); // the admin, and the person disabled
    expect(ddb).toHaveReceivedCommandWith(PutCommand, { Item: expect.objectContaining({ action: 'disable', actorId: tokens.admin.sub, actor: 'Ada Admin' }) });
  });

  it('refuses the token of a user who no longer exists', async () => {
    cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    const listAdminClasses = await loadHandler(routeDeployment.listAdminClasses.handler);
    const answer = await invoke(listAdminClasses, apiEvent(routes.listAdminClasses, { token: tokens.admin }));
    expect(answer).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });

  it('is not asked on routes others may call', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await invoke(listModules, apiEvent(routes.listModules, { token: { sub: 'teacher-1', groups: ['Teachers', 'Admins'] } }));
    expect(cognito).not.toReceiveAnyCommand();
  });

  const completion = { classId: 'class-1', studentCount: 0, averagePercentage: 0, modules: [], activeStudentIds: [] };

  it('cannot be left out of a route admitting admins, whether only admins or also teachers', () => {
    expect(() => apiHandler('listAdminClasses', async () => ok([]))).toThrow(/adminHandler/);
    expect(() => apiHandler('getClassCompletion', async () => ok(completion))).toThrow(/adminHandler/);
  });

  describe('on a route shared by teachers and admins', () => {
    const answerWith = (secondFactor: boolean) => {
      const check = jest.fn(async () => ({ secondFactor, name: 'Ada Admin' }));
      const handle = jest.fn(async () => ok(completion));
      return { check, handle, handler: apiHandler('getClassCompletion', handle, { secondFactor: check }) };
    };
    const event = (token: TokenSpec) => apiEvent(routes.getClassCompletion, { token, pathParameters: { classId: 'class-1' } });

    it('refuses an admin without TOTP with 403 and the way out, before the use case runs', async () => {
      const { check, handle, handler } = answerWith(false);
      const answer = await invoke(handler, event(tokens.admin));
      expect(answer).toMatchObject({ statusCode: 403, body: { message: SECOND_FACTOR_REQUIRED_MESSAGE, reason: 'secondFactorRequired' } });
      expect(check).toHaveBeenCalledWith(tokens.admin.sub);
      expect(handle).not.toHaveBeenCalled();
    });

    it('asks a teacher who is also an admin: the request is made in both roles', async () => {
      const { check, handle, handler } = answerWith(false);
      const answer = await invoke(handler, event({ sub: 'teacher-1', groups: ['Teachers', 'Admins'] }));
      expect(answer).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
      expect(check).toHaveBeenCalledTimes(1);
      expect(handle).not.toHaveBeenCalled();
    });

    it('lets an admin with TOTP through', async () => {
      const { handle, handler } = answerWith(true);
      expect(await invoke(handler, event(tokens.admin))).toMatchObject({ statusCode: 200, body: completion });
      expect(handle).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ userId: tokens.admin.sub, name: 'Ada Admin' }));
    });

    it('never looks a teacher up: their request costs no call to the user pool', async () => {
      const { check, handler } = answerWith(false);
      expect(await invoke(handler, event(tokens.teacher))).toMatchObject({ statusCode: 200 });
      expect(check).not.toHaveBeenCalled();
    });
  });
});

describe('access records: revoked tokens and second-factor sign-ins (PERSON_ACCESS_CHECK on)', () => {
  const accessKey = (userId: string) => ({ pk: `ACCESS#${userId}`, sk: 'ACCESS' });
  const completion = { classId: 'class-1', studentCount: 0, averagePercentage: 0, modules: [], activeStudentIds: [] };
  let listModulesHandler: ReturnType<typeof apiHandler>;
  let completionHandler: ReturnType<typeof apiHandler>;
  beforeAll(() => {
    process.env.PERSON_ACCESS_CHECK = 'on';
    listModulesHandler = apiHandler('listModules', async () => ok([]));
    completionHandler = apiHandler('getClassCompletion', async () => ok(completion), { secondFactor: async () => ({ secondFactor: true, name: 'Ada Admin' }) });
    process.env.PERSON_ACCESS_CHECK = 'off';
  });
  const erasureKey = (userId: string) => ({ pk: `ERASURE#${pseudonymOf(userId)}`, sk: 'ERASURE' });
  /** The caller's record as the access check's BatchGetItem answers it; `erased`: their erase job answers beside it. */
  const givenRecord = (userId: string, record: Record<string, number>, { erased = false } = {}) =>
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [{ pk: accessKey(userId).pk, ...record }, ...(erased ? [{ pk: erasureKey(userId).pk }] : [])] } });

  it('reads the caller\'s record and their erase job in one consistent BatchGetItem, and lets a token issued after the last change through', async () => {
    givenRecord('teacher-1', { tokensRevokedAt: 1_000 });
    const answer = await invoke(listModulesHandler, apiEvent(routes.listModules, { token: { ...tokens.teacher, issuedAt: 1_001 } }));
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
    expect(ddb.commandCalls(BatchGetCommand)[0].args[0].input.RequestItems?.['test-table']).toMatchObject({
      Keys: [accessKey('teacher-1'), erasureKey('teacher-1')],
      ConsistentRead: true,
    });
    expect(ddb).not.toHaveReceivedCommand(GetCommand);
  });

  it('answers 401 to every token of a person whose erase began, however new, on any route, before the use case', async () => {
    givenRecord('teacher-1', {}, { erased: true });
    const useCase = jest.fn(async () => ok([]));
    process.env.PERSON_ACCESS_CHECK = 'on';
    const handler = apiHandler('listModules', useCase);
    process.env.PERSON_ACCESS_CHECK = 'off';
    const answer = await invoke(handler, apiEvent(routes.listModules, { token: { ...tokens.teacher, issuedAt: Math.floor(Date.now() / 1000) } }));
    expect(answer).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    expect(useCase).not.toHaveBeenCalled();
  });

  it('answers 401 to an erased admin before recording their second factor', async () => {
    givenRecord('admin-1', {}, { erased: true });
    const answer = await invoke(completionHandler, apiEvent(routes.getClassCompletion, { token: tokens.admin, pathParameters: { classId: 'class-1' } }));
    expect(answer).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    expect(ddb).not.toHaveReceivedCommand(UpdateCommand);
  });

  it.each([
    ['issued before the change', 999],
    ['issued in the second of the change', 1_000],
  ])('answers 401 to a token %s, on any route, before the use case', async (_when, issuedAt) => {
    givenRecord('teacher-1', { tokensRevokedAt: 1_000 });
    const answer = await invoke(listModulesHandler, apiEvent(routes.listModules, { token: { ...tokens.teacher, issuedAt } }));
    expect(answer).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('answers 401 to a revoked admin token before any look-up of the second factor', async () => {
    givenRecord('admin-1', { tokensRevokedAt: 1_000 });
    const answer = await invoke(completionHandler, apiEvent(routes.getClassCompletion, { token: { ...tokens.admin, issuedAt: 900, authTime: 900 }, pathParameters: { classId: 'class-1' } }));
    expect(answer).toMatchObject({ statusCode: 401 });
  });

  it('refuses an admin whose sign-in came before the server first saw their second factor on, with the way out', async () => {
    givenRecord('admin-1', { secondFactorSince: 2_000_000 });
    const event = (authTime: number) =>
      apiEvent(routes.getClassCompletion, { token: { ...tokens.admin, issuedAt: 5_000, authTime }, pathParameters: { classId: 'class-1' } });
    expect(await invoke(completionHandler, event(1_999))).toMatchObject({
      statusCode: 403,
      body: { message: SECOND_FACTOR_SIGN_IN_MESSAGE, reason: 'secondFactorSignInRequired' },
    });
    expect(await invoke(completionHandler, event(2_000))).toMatchObject({ statusCode: 200, body: completion });
  });

  it('records when it first sees the second factor on, and refuses the session that was already open then', async () => {
    ddb.on(BatchGetCommand).resolves({});
    ddb.on(UpdateCommand).callsFake(async (input) => ({ Attributes: { secondFactorSince: input.ExpressionAttributeValues[':at'] } }));
    const answer = await invoke(completionHandler, apiEvent(routes.getClassCompletion, { token: { ...tokens.admin, issuedAt: 10, authTime: Math.floor(Date.now() / 1000) - 60 }, pathParameters: { classId: 'class-1' } }));
    expect(answer).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorSignInRequired' } });
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: accessKey('admin-1'), UpdateExpression: 'SET secondFactorSince = if_not_exists(secondFactorSince, :at)' });
  });

  it('forgets the record once it sees the second factor off, so turning it on again starts a new one', async () => {
    givenRecord('admin-1', { secondFactorSince: 1_000 });
    ddb.on(UpdateCommand).resolves({});
    process.env.PERSON_ACCESS_CHECK = 'on';
    const handler = apiHandler('getClassCompletion', async () => ok(completion), { secondFactor: async () => ({ secondFactor: false }) });
    process.env.PERSON_ACCESS_CHECK = 'off';
    expect(await invoke(handler, apiEvent(routes.getClassCompletion, { token: tokens.admin, pathParameters: { classId: 'class-1' } }))).toMatchObject({
      statusCode: 403,
      body: { reason: 'secondFactorRequired' },
    });
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: accessKey('admin-1'), UpdateExpression: 'REMOVE secondFactorSince' });
  });
});

describe('refusals the token alone settles (rate limit and access check on)', () => {
  const useCase = jest.fn(async () => ok([]));
  let listStudentClasses: ReturnType<typeof apiHandler>;
  let markCompleteHandler: ReturnType<typeof apiHandler>;
  beforeAll(async () => {
    process.env.PERSON_ACCESS_CHECK = 'on';
    process.env.CALLER_RATE_LIMIT = '300';
    listStudentClasses = apiHandler('listStudentClasses', useCase, { tokenCheck: (request, caller) => requireOwnClassList(caller, String(request.pathParameters.userId)) });
    markCompleteHandler = makeMarkComplete(makeProgressService(inMemoryPorts()));
    process.env.PERSON_ACCESS_CHECK = 'off';
    process.env.CALLER_RATE_LIMIT = 'off';
  });
  beforeEach(() => useCase.mockClear());
  const listAs = (token: TokenSpec, userId: string) => invoke(listStudentClasses, apiEvent(routes.listStudentClasses, { token, pathParameters: { userId } }));
  const markAs = (token: TokenSpec, body: unknown) => invoke(markCompleteHandler, apiEvent(routes.markComplete, { token, body }));

  it("answers 403 to a student naming another person's id without counting the request or reading anything", async () => {
    expect(await listAs(tokens.student, OTHER_STUDENT_ID)).toMatchObject({ statusCode: 403, body: { message: 'You can only list your own classes.' } });
    expect(await markAs(tokens.student, { studentId: OTHER_STUDENT_ID, classId: 'class-1', moduleId: 'module-1', sectionId: 'section-1' })).toMatchObject({
      statusCode: 403,
      body: { message: 'You can only mark your own progress.' },
    });
    expect(ddb.calls()).toHaveLength(0);
    expect(useCase).not.toHaveBeenCalled();
  });

  it('answers 400 to a body its check cannot read, reading nothing', async () => {
    expect(await markAs(tokens.student, { studentId: STUDENT_ID })).toMatchObject({ statusCode: 400, body: errorBody() });
    expect(ddb.calls()).toHaveLength(0);
  });

  it("counts the caller's own request and reads their access record: a revoked token naming its own id gets 401", async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [{ pk: `ACCESS#${STUDENT_ID}`, tokensRevokedAt: 2_000 }] } });
    expect(await listAs({ ...tokens.student, issuedAt: 1_000 }, STUDENT_ID)).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: { pk: expect.stringMatching(/^RATE#/), sk: expect.any(String) } });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
    expect(useCase).not.toHaveBeenCalled();
  });

  it('is not asked of a token whose groups the route does not admit: a stale role token is answered 401 (issue 33)', async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [{ pk: `ACCESS#${TEACHER_ID}`, tokensRevokedAt: 2_000 }] } });
    expect(await listAs({ ...tokens.teacher, issuedAt: 1_000 }, OTHER_STUDENT_ID)).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
  });
});

describe('a use case started beside the guards (rate limit and access check on)', () => {
  const client = makeDocumentClient();
  const useCase = jest.fn(async () => {
    await client.send(new GetCommand({ TableName: 'test-table', Key: { pk: 'PROGRESS', sk: 'x' } }));
    await client.send(new PutCommand({ TableName: 'test-table', Item: { pk: 'PROGRESS', sk: 'x' } }));
    return ok({ studentId: STUDENT_ID, classId: 'class-1', moduleId: 'module-1', completedSections: ['section-1'] });
  });
  let handler: ReturnType<typeof apiHandler>;
  beforeAll(() => {
    process.env.PERSON_ACCESS_CHECK = 'on';
    process.env.CALLER_RATE_LIMIT = '300';
    handler = apiHandler('markComplete', useCase, { besideGuards: true });
    process.env.PERSON_ACCESS_CHECK = 'off';
    process.env.CALLER_RATE_LIMIT = 'off';
  });
  beforeEach(() => useCase.mockClear());
  const call = (token: TokenSpec = tokens.student) => invoke(handler, apiEvent(routes.markComplete, { token, body: {} }));
  /** The guards' calls answer a little later, recording what the use case had sent meanwhile. */
  const sentBeforeGuardsAnswered: string[][] = [];
  const later = <T>(answer: () => T) => () =>
    new Promise<T>((resolve) =>
      setTimeout(() => {
        sentBeforeGuardsAnswered.push(ddb.calls().map((each) => each.args[0].constructor.name));
        resolve(answer());
      }, 5),
    );
  beforeEach(() => (sentBeforeGuardsAnswered.length = 0));
  const accessAnswer = (record: Record<string, number>) => ({ Responses: { 'test-table': [{ pk: `ACCESS#${STUDENT_ID}`, ...record }] } });

  it("reads beside the guards' calls, writes once they passed", async () => {
    ddb.on(UpdateCommand).callsFake(later(() => ({})));
    ddb.on(BatchGetCommand).callsFake(later(() => accessAnswer({})));
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    expect(await call()).toMatchObject({ statusCode: 200 });
    expect(sentBeforeGuardsAnswered[0]).toEqual(['UpdateCommand', 'BatchGetCommand', 'GetCommand']);
    expect(ddb.calls().map((each) => each.args[0].constructor.name)).toEqual(['UpdateCommand', 'BatchGetCommand', 'GetCommand', 'PutCommand']);
  });

  it('answers 401 to a revoked token and writes nothing', async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(BatchGetCommand).callsFake(later(() => accessAnswer({ tokensRevokedAt: 2_000 })));
    ddb.on(GetCommand).resolves({});
    expect(await call({ ...tokens.student, issuedAt: 1_000 })).toMatchObject({ statusCode: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('answers 429 to a caller over the rate limit and writes nothing', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailure());
    ddb.on(BatchGetCommand).resolves(accessAnswer({}));
    ddb.on(GetCommand).resolves({});
    expect(await call()).toMatchObject({ statusCode: 429 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('is not started for a token whose groups the route does not admit', async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [] } });
    expect(await call(tokens.teacher)).toMatchObject({ statusCode: 403 });
    expect(useCase).not.toHaveBeenCalled();
  });

  it("is only for routes whose functions may write nothing but the table (their deployments' grants)", async () => {
    for (const [, route] of deployedRoutes) await loadHandler(route.handler);
    expect([...routesStartedBesideGuards].sort()).toEqual(['getModule', 'markComplete']);
    for (const name of routesStartedBesideGuards) {
      const { bucket, userPool, model, scoreReports, frameAncestors }: RouteDeployment = routeDeployment[name];
      expect({ name, bucket: bucket === 'none' || bucket.every((action) => action === 'GetObject' || action === 'ListBucket'), userPool, model, scoreReports, frameAncestors }).toEqual({
        name,
        bucket: true,
        userPool: 'none',
        model: undefined,
        scoreReports: undefined,
        frameAncestors: undefined,
      });
    }
  });
});
