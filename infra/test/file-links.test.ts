// Files through CloudFront: the key pair's custom resource and secret, the key group of the deployed generation and the
// one before it, the files behaviour that trusts it (origin access control to the upload bucket, cached by path and
// response overrides only), and the bucket's grant to CloudFront.
import type { Template } from 'aws-cdk-lib/assertions';
import { WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

let app: Synthesized;
let rotated: Synthesized;

beforeAll(() => {
  app = synthesize({ region: 'eu-west-1' });
  rotated = synthesize(WITH_SETTINGS_CHANGED); // fileLinkKeyGeneration: '2'
}, 180_000);
afterAll(() => {
  app.cleanup();
  rotated.cleanup();
});

const ofType = (template: Template, type: string) => Object.entries(template.toJSON().Resources as Record<string, Resource>).filter(([, resource]) => resource.Type === type);

describe('the key pair (Api stack)', () => {
  test('a custom resource per generation writes its private key into the stage secret; CloudFront gets only the public key', () => {
    const [[secretId, secret]] = ofType(app.templates.api, 'AWS::SecretsManager::Secret').filter(([, each]) => each.Properties.Name === 'prod-learning-paths/file-link-keys');
    expect(secret.Properties.SecretString).toBe('{}');
    const pairs = ofType(app.templates.api, 'Custom::FileLinkKeyPair');
    expect(pairs).toHaveLength(1);
    const [[pairId, pair]] = pairs;
    expect(pair.Properties).toMatchObject({ Generation: '1', SecretId: expect.anything() });
    expect(JSON.stringify(pair.Properties.SecretId)).toContain(secretId);
    const [[publicKeyId, publicKey]] = ofType(app.templates.api, 'AWS::CloudFront::PublicKey');
    expect(publicKey.Properties.PublicKeyConfig.EncodedKey).toEqual({ 'Fn::GetAtt': [pairId, 'PublicKey'] });
    const [[, group]] = ofType(app.templates.api, 'AWS::CloudFront::KeyGroup');
    expect(group.Properties.KeyGroupConfig.Items).toEqual([{ Ref: publicKeyId }]);
  });

  test("the generator may read and write that secret only, and nothing else but its logs", () => {
    const [[generatorId, generator]] = ofType(app.templates.api, 'AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties.Description).startsWith('Custom resource: makes a file link key pair'));
    const [[, pair]] = ofType(app.templates.api, 'Custom::FileLinkKeyPair');
    expect(pair.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [generatorId, 'Arn'] });
    const roleId = generator.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType(app.templates.api, 'AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((statement) => [statement.Action].flat()).sort();
    expect(actions.filter((action) => !action.startsWith('xray:'))).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 'secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    const [secretId] = ofType(app.templates.api, 'AWS::SecretsManager::Secret').find(([, each]) => each.Properties.Name === 'prod-learning-paths/file-link-keys')!;
    expect(statements.filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:')).map((statement) => statement.Resource)).toEqual([{ Ref: secretId }]);
  });

  test('a rotation (fileLinkKeyGeneration 2) makes the next pair after the first, trusts both, and signs with the new one', () => {
    const pairs = ofType(rotated.templates.api, 'Custom::FileLinkKeyPair');
    expect(pairs.map(([, pair]) => pair.Properties.Generation)).toEqual(['1', '2']);
    const [[firstId], [, second]] = pairs;
    expect(second.DependsOn).toContain(firstId);
    const keys = ofType(rotated.templates.api, 'AWS::CloudFront::PublicKey').map(([id]) => id);
    expect(keys).toHaveLength(2);
    const [[, group]] = ofType(rotated.templates.api, 'AWS::CloudFront::KeyGroup');
    expect(group.Properties.KeyGroupConfig.Items).toEqual(keys.map((id) => ({ Ref: id })));
    const signing = ofType(rotated.templates.api, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Description === 'GET /api/modules/{id}');
    expect(signing[0][1].Properties.Environment.Variables).toMatchObject({ FILE_LINK_KEY_GENERATION: '2', FILE_LINK_KEY_ID: { Ref: keys[1] } });
  });
});

describe('the files behaviour (Web stack)', () => {
  const distribution = () => ofType(app.templates.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
  const behavior = () => distribution().CacheBehaviors.find((each: { PathPattern: string }) => each.PathPattern === '/protected/*');

  test("serves /protected/* over HTTPS, GET and HEAD only, to signed URLs of the Api stack's key group", () => {
    expect(behavior().ViewerProtocolPolicy).toBe('https-only');
    // CloudFront's default: GET and HEAD.
    expect(behavior().AllowedMethods).toBeUndefined();
    expect(behavior().TrustedKeyGroups).toEqual([{ 'Fn::ImportValue': expect.stringMatching(/^prod-LearningPaths-Api:ExportsOutputRefFileLinkKeysKeyGroup/) }]);
    expect(behavior().ResponseHeadersPolicyId).toEqual(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId);
  });

  test('reads the upload bucket through origin access control', () => {
    const origin = distribution().Origins.find((each: { Id: string }) => each.Id === behavior().TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('UploadsBucket');
    expect(origin.OriginAccessControlId).toBeDefined();
    const [[, control]] = ofType(app.templates.web, 'AWS::CloudFront::OriginAccessControl').filter(([id]) => JSON.stringify(origin.OriginAccessControlId).includes(id));
    expect(control.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
  });

  test('caches by path and the response overrides S3 answers with, never by the signature, a header or a cookie', () => {
    const [[, policy]] = ofType(app.templates.web, 'AWS::CloudFront::CachePolicy').filter(([id]) => JSON.stringify(behavior().CachePolicyId).includes(id));
    const keys = policy.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
    expect(keys.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['response-content-disposition', 'response-content-type'] });
    expect(keys.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(keys.CookiesConfig).toEqual({ CookieBehavior: 'none' });
  });
});

test("the upload bucket lets CloudFront of this account read under protected/ only; nothing else is public", () => {
  const [[, policy]] = ofType(app.templates.data, 'AWS::S3::BucketPolicy').filter(([, each]) => JSON.stringify(each.Properties.Bucket).includes('UploadsBucket'));
  const statements = policy.Properties.PolicyDocument.Statement as { Effect: string; Principal: unknown; Action: unknown; Resource: unknown; Condition: unknown; Sid?: string }[];
  const allowed = statements.filter((statement) => statement.Effect === 'Allow');
  expect(allowed).toHaveLength(1);
  const [cloudFront] = allowed;
  expect(cloudFront).toMatchObject({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
  expect(JSON.stringify(cloudFront.Resource)).toContain('/protected/*');
  expect(cloudFront.Condition).toEqual({
    StringEquals: { 'AWS:SourceAccount': { Ref: 'AWS::AccountId' } },
    ArnLike: { 'AWS:SourceArn': { 'Fn::Join': ['', ['arn:aws:cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/*']] } },
  });
});
