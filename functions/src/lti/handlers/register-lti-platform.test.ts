// POST /api/admin/lti/platforms over in-memory stores: 201 with the registration, 400 naming fields, 409 for a repeat.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { makeHandler } from './register-lti-platform';

let school: ReturnType<typeof givenLtiSchool>;
beforeEach(() => {
  school = givenLtiSchool();
});

const register = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.lti, secondFactor), apiEvent(routes.registerLtiPlatform, { token: tokens.admin, body }));

describe('POST /api/admin/lti/platforms', () => {
  it('answers 201 with the registration, its id and times; a local twin over http on this machine is accepted', async () => {
    expect(await register({ ...CANVAS, name: ' Canvas ' })).toMatchObject({ statusCode: 201, body: { platformId: 'id-1', ...CANVAS } });
    const local = { ...CANVAS, issuer: 'http://localhost:4010', clientId: 'twin', jwksUrl: 'http://127.0.0.1:4010/jwks' };
    expect((await register(local)).statusCode).toBe(201);
  });

  it('answers 409 for an issuer and client ID registered already', async () => {
    await register(CANVAS);
    expect(await register({ ...CANVAS, name: 'Again' })).toMatchObject({ statusCode: 409, body: errorBody(/registered with this issuer and client ID already/) });
    expect(await school.platforms.list()).toHaveLength(1);
  });

  it.each([
    [{ ...CANVAS, issuer: 'http://canvas.example.edu' }, { issuer: 'issuer must start with https://.' }],
    [{ ...CANVAS, jwksUrl: 'jwks' }, { jwksUrl: 'jwksUrl must be a full URL, such as https://lms.example.edu/path.' }],
    [{ ...CANVAS, authLoginUrl: 'https://canvas.example.edu/auth#x' }, { authLoginUrl: 'authLoginUrl must not have a #fragment.' }],
    [{ ...CANVAS, issuer: 'https://canvas.example.edu/?tenant=1' }, { issuer: expect.stringContaining('must not have a ?query') }],
    [{ ...CANVAS, accessTokenUrl: 'https://user:pw@canvas.example.edu/token' }, { accessTokenUrl: 'accessTokenUrl must not hold a user name or password.' }],
    [{ ...CANVAS, deploymentIds: [] }, { deploymentIds: expect.stringContaining('at least one deployment ID') }],
    [{ ...CANVAS, deploymentIds: ['1', '1'] }, { deploymentIds: 'deploymentIds lists a deployment ID twice.' }],
    [{ ...CANVAS, clientId: 'a b' }, { clientId: expect.stringContaining('visible ASCII') }],
    [{ ...CANVAS, name: '' }, { name: 'Name is required.' }],
  ])('answers 400 naming the field for %j, storing nothing', async (body, fields) => {
    expect(await register(body)).toMatchObject({ statusCode: 400, body: { fields } });
    expect(await school.platforms.list()).toEqual([]);
  });

  it('answers 403 without two-factor authentication, storing nothing', async () => {
    expect(await register(CANVAS, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await school.platforms.list()).toEqual([]);
  });
});
