// School sign-in in AWS (issue 36): off, the pool has no domain, provider or trigger and its client no OAuth; on
// (the stage's `schoolSignIn` settings), the pool federates Google, Microsoft Entra ID and a SAML provider with their
// attribute mapping and secrets from Secrets Manager, has its Cognito domain, runs the PreSignUp trigger with only the
// two admin calls it makes, and /config.json tells the login pages, with cdk-nag finding nothing.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { SIGN_IN_CALLBACK_PATHS } from '../../shared/school-sign-in';
import { webConfigSchema } from '../../shared/web-config';
import { settingsOf } from '../stage-settings';
import { RESTORED_TABLE_NAME, SCHOOL_APP_ORIGIN, SCHOOL_SIGN_IN, SCHOOL_TENANT, WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

const APP_ORIGIN = SCHOOL_APP_ORIGIN;
const TENANT = SCHOOL_TENANT;
const SCHOOL = SCHOOL_SIGN_IN;

let off: Synthesized;
let on: Synthesized;

beforeAll(() => {
  off = synthesize();
  on = synthesize(WITH_SETTINGS_CHANGED); // schoolSignIn: SCHOOL
}, 180_000);
afterAll(() => [off, on].forEach((app) => app.cleanup()));

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };
const resources = (template: Template, type: string): [string, Resource][] =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>).filter(([, resource]) => resource.Type === type);
const only = (template: Template, type: string) => {
  const found = resources(template, type);
  expect(found).toHaveLength(1);
  return found[0]![1].Properties;
};
const provider = (name: string) => resources(on.templates.auth, 'AWS::Cognito::UserPoolIdentityProvider').find(([, r]) => r.Properties.ProviderName === name)![1].Properties;

/** The web app's /config.json as the Web stack deploys it (values known only at deploy time stay markers). */
function webConfigOf(app: Synthesized) {
  const entry = resources(app.templates.web, 'Custom::CDKBucketDeployment').find(([, d]) => d.Properties.DistributionId)![1];
  const index = (entry.Properties.SourceMarkers as object[]).findIndex((markers) => Object.keys(markers).length > 0);
  const key = String(entry.Properties.SourceObjectKeys[index]).replace(/\.zip$/, '');
  return webConfigSchema.parse(JSON.parse(readFileSync(path.join(app.outdir, `asset.${key}`, 'config.json'), 'utf8')));
}

describe('off (no stage turns it on today)', () => {
  test("the pool has no domain, provider or school sign-in trigger (only the LMS launch's), and its client no OAuth flow", () => {
    expect(resources(off.templates.auth, 'AWS::Cognito::UserPoolDomain')).toEqual([]);
    expect(resources(off.templates.auth, 'AWS::Cognito::UserPoolIdentityProvider')).toEqual([]);
    const descriptions = resources(off.templates.auth, 'AWS::Lambda::Function').map(([, f]) => String(f.Properties.Description).split(':')[0]);
    expect(descriptions.sort()).toEqual(['CreateAuthChallenge', 'DefineAuthChallenge', 'VerifyAuthChallenge']);
    expect(Object.keys(only(off.templates.auth, 'AWS::Cognito::UserPool').LambdaConfig as object).sort()).toEqual(['CreateAuthChallenge', 'DefineAuthChallenge', 'VerifyAuthChallengeResponse']);
    const client = only(off.templates.auth, 'AWS::Cognito::UserPoolClient');
    expect(client.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.CallbackURLs).toBeUndefined();
  });

  test('/config.json offers no school sign-in', () => {
    expect(webConfigOf(off).schoolSignIn).toBeUndefined();
  });
});

describe('on', () => {
  test("the pool's Cognito domain has the stage's prefix", () => {
    expect(only(on.templates.auth, 'AWS::Cognito::UserPoolDomain')).toEqual({ Domain: SCHOOL.domainPrefix, UserPoolId: { Ref: expect.any(String) } });
  });

  test('Google: its client, the secret as a Secrets Manager reference, and the attribute mapping', () => {
    expect(provider('Google')).toMatchObject({
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: SCHOOL.google!.clientId,
        client_secret: `{{resolve:secretsmanager:${SCHOOL.google!.clientSecretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', email_verified: 'email_verified', given_name: 'given_name', family_name: 'family_name', name: 'name', 'custom:idp_amr': 'sub' },
    });
  });

  test("Microsoft Entra ID: OpenID Connect with the school tenant's issuer only, and verified e-mail from xms_edov", () => {
    expect(provider('Microsoft')).toMatchObject({
      ProviderType: 'OIDC',
      ProviderDetails: {
        client_id: SCHOOL.microsoft!.clientId,
        client_secret: `{{resolve:secretsmanager:${SCHOOL.microsoft!.clientSecretName}:SecretString:::}}`,
        oidc_issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        authorize_scopes: 'openid email profile',
        attributes_request_method: 'GET',
      },
      AttributeMapping: { email: 'email', email_verified: 'xms_edov', given_name: 'given_name', family_name: 'family_name', name: 'name', 'custom:idp_amr': 'amr' },
    });
  });

  test("SAML 2.0: the school's metadata and its e-mail claim", () => {
    expect(provider('Hillside')).toMatchObject({
      ProviderType: 'SAML',
      ProviderDetails: { MetadataURL: SCHOOL.saml!.metadataUrl },
      AttributeMapping: {
        email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
        email_verified: 'email_verified',
        'custom:idp_amr': 'http://schemas.microsoft.com/claims/authnmethodsreferences',
      },
    });
  });

  test('no client secret is in any template', () => {
    const templates = JSON.stringify(Object.values(on.templates).map((template) => template.toJSON()));
    expect(templates.match(/client_secret":"[^"]*"/g)).toEqual([
      expect.stringContaining('{{resolve:secretsmanager:'),
      expect.stringContaining('{{resolve:secretsmanager:'),
    ]);
  });

  test('the web client: code grant to the three login pages, the scopes the web asks for, Cognito and every provider, made after them', () => {
    const [[, client]] = resources(on.templates.auth, 'AWS::Cognito::UserPoolClient') as [[string, Resource]];
    expect(client.Properties).toMatchObject({
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: expect.arrayContaining(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']),
      CallbackURLs: SIGN_IN_CALLBACK_PATHS.map((page) => `${APP_ORIGIN}${page}`),
      LogoutURLs: [`${APP_ORIGIN}/`],
      GenerateSecret: false,
    });
    expect(SIGN_IN_CALLBACK_PATHS).toHaveLength(3);
    // By reference: CloudFormation creates each provider before the client that names it.
    const nameOf = Object.fromEntries(resources(on.templates.auth, 'AWS::Cognito::UserPoolIdentityProvider').map(([id, r]) => [id, r.Properties.ProviderName]));
    const supported = (client.Properties.SupportedIdentityProviders as (string | { Ref: string })[]).map((entry) => (typeof entry === 'string' ? entry : nameOf[entry.Ref]));
    expect(supported).toEqual(['COGNITO', 'Google', 'Microsoft', 'Hillside']);
  });

  test('the PreSignUp trigger runs the handler, may find, link and make students on this pool only, and logs for a month', () => {
    const [functionId] = resources(on.templates.auth, 'AWS::Lambda::Function').find(([, f]) => String(f.Properties.Description).startsWith('PreSignUp:'))!;
    expect(only(on.templates.auth, 'AWS::Cognito::UserPool').LambdaConfig).toMatchObject({ PreSignUp: { 'Fn::GetAtt': [functionId, 'Arn'] } });
    const poolArn = { 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] };
    // School sign-in's own policies (the LMS launch's triggers have theirs: data-and-auth-stacks.test.ts).
    const statements = resources(on.templates.auth, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith('SchoolSignIn'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    const cognito = statements.filter((statement) => JSON.stringify(statement.Action).includes('cognito-idp:'));
    expect(cognito).toEqual([
      {
        Effect: 'Allow',
        Action: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminLinkProviderForUser', 'cognito-idp:ListUsers'],
        Resource: poolArn,
      },
    ]);
    // The table the stage uses (this synthesis names a restored one): a domain's setting, and a newcomer's people copy
    // and audit entry, by their partitions only.
    const table = statements.filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
    expect(table).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        Resource: { 'Fn::Join': ['', ['arn:aws:dynamodb:eu-west-1:', { Ref: 'AWS::AccountId' }, `:table/${RESTORED_TABLE_NAME}`]] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SCHOOL', 'AUDIT', 'PERSON#*'] } },
      },
    ]);
    for (const [, permission] of resources(on.templates.auth, 'AWS::Lambda::Permission')) {
      expect(permission.Properties).toMatchObject({ Principal: 'cognito-idp.amazonaws.com', SourceArn: poolArn });
    }
    expect(resources(on.templates.auth, 'AWS::Logs::LogGroup').map(([, group]) => group.Properties.RetentionInDays)).toEqual([30, 30, 30, 30, 30]);
    on.templates.auth.hasResourceProperties('AWS::Lambda::Function', { LoggingConfig: { LogGroup: { Ref: Match.anyValue() } }, Timeout: 5 });
  });

  test("the trigger and the school sign-in routes know each provider's domains (Cognito lower-cases the names in user names; the trigger matches them)", () => {
    const rules = [
      { name: 'Google', domains: ['hillside.example.org'] },
      { name: 'Microsoft', domains: ['hillside.example.org', 'staff.hillside.example.org'] },
      { name: 'Hillside', domains: ['hillside.example.org'] },
    ];
    on.templates.auth.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SCHOOL_SIGN_IN_PROVIDERS: JSON.stringify(rules), TABLE_NAME: Match.anyValue() }) },
    });
    const routeEnvironments = (app: Synthesized) =>
      resources(app.templates.api, 'AWS::Lambda::Function')
        .filter(([, resource]) => String(resource.Properties.Description).endsWith(' /api/admin/school-sign-in'))
        .map(([, resource]) => resource.Properties.Environment.Variables as Record<string, unknown>);
    expect(routeEnvironments(on).map((variables) => variables.SCHOOL_SIGN_IN_PROVIDERS)).toEqual([JSON.stringify(rules), JSON.stringify(rules)]);
    expect(routeEnvironments(off).map((variables) => variables.SCHOOL_SIGN_IN_PROVIDERS)).toEqual([undefined, undefined]);
  });

  test("the LTI tool's endpoints build their URLs on the app's origin, the setting the hosted sign-in returns to", () => {
    const appOrigins = (app: Synthesized) =>
      resources(app.templates.api, 'AWS::Lambda::Function')
        .filter(([, resource]) => / \/lti\//.test(String(resource.Properties.Description)))
        .map(([, resource]) => (resource.Properties.Environment.Variables as Record<string, unknown>).APP_ORIGIN);
    expect(appOrigins(on)).toEqual([APP_ORIGIN, APP_ORIGIN, APP_ORIGIN]);
    expect(appOrigins(off)).toEqual([undefined, undefined, undefined]);
  });

  test("the pool keeps how a school sign-in was made (custom:idp_amr), and the client may write every mapped attribute, as Cognito requires", () => {
    expect(only(on.templates.auth, 'AWS::Cognito::UserPool').Schema).toEqual(
      expect.arrayContaining([expect.objectContaining({ Name: 'idp_amr', AttributeDataType: 'String', Mutable: true })]),
    );
    const mapped = resources(on.templates.auth, 'AWS::Cognito::UserPoolIdentityProvider').flatMap(([, r]) => Object.keys(r.Properties.AttributeMapping as object));
    const writable = only(on.templates.auth, 'AWS::Cognito::UserPoolClient').WriteAttributes as string[];
    expect(writable).toEqual(expect.arrayContaining([...new Set(mapped)]));
    // Off, a person may write only their locale with their own token.
    expect(only(off.templates.auth, 'AWS::Cognito::UserPoolClient').WriteAttributes).toEqual(['locale']);
    expect(only(off.templates.auth, 'AWS::Cognito::UserPool').Schema ?? []).not.toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'idp_amr' })]));
  });

  test("the PreTokenGeneration trigger runs the administrators' second-factor gate, with no access beyond its logs", () => {
    const functions = resources(on.templates.auth, 'AWS::Lambda::Function');
    const idOf = (prefix: string) => functions.find(([, f]) => String(f.Properties.Description).startsWith(prefix))![0];
    expect(only(on.templates.auth, 'AWS::Cognito::UserPool').LambdaConfig).toEqual({
      PreSignUp: { 'Fn::GetAtt': [idOf('PreSignUp:'), 'Arn'] },
      PreTokenGeneration: { 'Fn::GetAtt': [idOf('PreTokenGeneration:'), 'Arn'] },
      DefineAuthChallenge: { 'Fn::GetAtt': [idOf('DefineAuthChallenge:'), 'Arn'] },
      CreateAuthChallenge: { 'Fn::GetAtt': [idOf('CreateAuthChallenge:'), 'Arn'] },
      VerifyAuthChallengeResponse: { 'Fn::GetAtt': [idOf('VerifyAuthChallenge:'), 'Arn'] },
    });
  });

  test('/config.json names the hosted domain and each provider with its button text', () => {
    const { schoolSignIn } = webConfigOf(on);
    expect(schoolSignIn?.domain).toMatch(new RegExp(`^${SCHOOL.domainPrefix}\\.auth\\..+\\.amazoncognito\\.com$`));
    expect(schoolSignIn?.providers).toEqual([
      { name: 'Google', label: 'Sign in with Google' },
      { name: 'Microsoft', label: 'Sign in with Microsoft' },
      { name: 'Hillside', label: 'Sign in with your school account' },
    ]);
  });

  test.each(['auth', 'web'] as const)('cdk-nag finds nothing unsuppressed in the %s stack', (stack) => {
    const findings = (on.messages[stack] as SynthesisMessage[]).filter((m) => (m.level === 'error' || m.level === 'warning') && String(m.entry.data).includes('AwsSolutions-'));
    expect(findings.map((m) => String(m.entry.data))).toEqual([]);
  });
});

describe('settings', () => {
  const withSchool = (school: unknown) => settingsOf(new App({ context: { schoolSignIn: school } }));

  test('-c schoolSignIn takes the settings as JSON text too', () => {
    expect(withSchool(JSON.stringify(SCHOOL)).schoolSignIn).toEqual(SCHOOL);
  });

  test('settings that cannot work are refused with what to write', () => {
    expect(() => withSchool({ ...SCHOOL, google: null, microsoft: null, saml: null })).toThrow('turns on no provider');
    expect(() => withSchool({ ...SCHOOL, appOrigin: `${APP_ORIGIN}/login` })).toThrow('must be an origin alone');
    expect(() => withSchool({ ...SCHOOL, domainPrefix: 'aws-school' })).toThrow('may not contain aws, amazon or cognito');
    expect(() => withSchool({ ...SCHOOL, microsoft: { ...SCHOOL.microsoft, tenantId: 'hillside.example' } })).toThrow('is not a tenant id');
    expect(() => withSchool({ ...SCHOOL, saml: { ...SCHOOL.saml, name: 'School_SAML' } })).toThrow('use 3 to 32 letters, digits or hyphens');
    expect(() => withSchool({ ...SCHOOL, google: { clientId: 'x', clientSecret: 'plain text' } })).toThrow(/clientSecretName|clientSecret/);
    expect(() => withSchool({ ...SCHOOL, google: { ...SCHOOL.google, domains: [] } })).toThrow("lists no domain: give the school's e-mail domains");
    expect(() => withSchool({ ...SCHOOL, google: { ...SCHOOL.google, domains: ['Hillside.Example.org'] } })).toThrow('is not a lower-case domain name');
    expect(() => withSchool({ ...SCHOOL, saml: { ...SCHOOL.saml, domains: ['hillside.example.org', 'hillside.example.org'] } })).toThrow('lists a domain twice');
  });
});
