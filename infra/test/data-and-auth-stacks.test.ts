// The stateful stacks: the table matches the repositories' key schema, storage is private and retained, and the
// user pool follows the product's sign-in rules.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { PASSWORD_MIN_LENGTH, SELF_WRITABLE_ATTRIBUTES } from '../../shared/constants';
import { ROLES } from '../../shared/roles';
import { TABLE_KEYS } from '../../shared/table';
import { TEST_STAGE } from './prebuilt-syntheses';
import { synthesize } from './synthesize';

let data: Template;
let auth: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ templates: { data, auth }, cleanup } = synthesize());
}, 60_000);
afterAll(() => cleanup());

describe('table', () => {
  test('keys and the owner index are the ones the repositories build', () => {
    const { byOwnerIndex } = TABLE_KEYS;
    data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' },
        { AttributeName: byOwnerIndex.partitionKey, AttributeType: 'S' },
        { AttributeName: byOwnerIndex.sortKey, AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: byOwnerIndex.name,
          KeySchema: [
            { AttributeName: byOwnerIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: byOwnerIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  test('is on demand, with point-in-time recovery and deletion protection, and retained', () => {
    data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      },
    });
  });
});

describe('upload bucket', () => {
  const uploadsBucket = () => {
    const found = data.findResources('AWS::S3::Bucket', { Properties: { VersioningConfiguration: { Status: 'Enabled' } } });
    expect(Object.keys(found)).toHaveLength(1);
    return Object.entries(found)[0];
  };

  test('blocks public access, is encrypted and versioned, and is retained', () => {
    const [, bucket] = uploadsBucket();
    expect(bucket).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        LoggingConfiguration: { LogFilePrefix: 'uploads/' },
      },
    });
  });

  test('aborts incomplete multipart uploads after a day', () => {
    const [, bucket] = uploadsBucket();
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
    );
  });

  test("deletes people's data exports (and their versions) a day after they are written, and nothing else early", () => {
    const [, bucket] = uploadsBucket();
    const rules = bucket.Properties.LifecycleConfiguration.Rules as { Prefix?: string; ExpirationInDays?: number }[];
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: 'protected/exports/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
    );
    expect(rules.filter((rule) => rule.ExpirationInDays !== undefined).map((rule) => rule.Prefix)).toEqual(['protected/exports/']);
  });

  test('every bucket refuses requests without TLS', () => {
    const buckets = Object.keys(data.findResources('AWS::S3::Bucket'));
    for (const bucketId of buckets) {
      data.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  test('every bucket blocks public access', () => {
    data.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });
});

describe('user pool', () => {
  test('invited users only, e-mail as username, verified by e-mail, retained and protected', () => {
    auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        DeletionProtection: 'ACTIVE',
      },
    });
  });

  test('two-factor authentication: optional, by authenticator app (TOTP) only', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });

  test('password: minimum length only, no character classes', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  test.each(ROLES)('has the group %s', (role) => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: role });
  });

  test('the test stage\'s web client also allows password sign-in for AWS-credentialed admin calls (its test users), never USER_PASSWORD_AUTH', () => {
    const testStage = synthesize(TEST_STAGE);
    try {
      testStage.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      });
    } finally {
      testStage.cleanup();
    }
  }, 60_000);

  test("the prod web client has no secret and allows SRP, an LMS launch's custom challenge and refresh only: no password sign-in", () => {
    auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  test("the pool's custom authentication runs the LMS launch's three triggers; only the verifier reaches the table, to delete sign-in codes", () => {
    const functions = Object.entries(auth.findResources('AWS::Lambda::Function'));
    const idOf = (prefix: string) => functions.find(([, f]) => String(f.Properties.Description).startsWith(prefix))![0];
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: { 'Fn::GetAtt': [idOf('DefineAuthChallenge:'), 'Arn'] },
        CreateAuthChallenge: { 'Fn::GetAtt': [idOf('CreateAuthChallenge:'), 'Arn'] },
        VerifyAuthChallengeResponse: { 'Fn::GetAtt': [idOf('VerifyAuthChallenge:'), 'Arn'] },
      },
    });
    const statements = Object.values(auth.findResources('AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[])
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
    expect(statements).toEqual([
      expect.objectContaining({ Action: 'dynamodb:DeleteItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LTI_SIGN_IN#*'] } } }),
    ]);
  });

  test("access and ID tokens live 15 minutes, so a disabled person's token stops working within minutes", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });

  test("a user's own access token writes no name or e-mail: the client's write attributes are the shared list", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', { WriteAttributes: [...SELF_WRITABLE_ATTRIBUTES] });
    expect(SELF_WRITABLE_ATTRIBUTES).not.toContain('name');
    expect(SELF_WRITABLE_ATTRIBUTES).not.toContain('email');
  });

  test('a new e-mail address replaces the old one only once verified', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  test('the identity pool admits authenticated users only, and their role has no permissions', () => {
    auth.hasResourceProperties('AWS::Cognito::IdentityPool', { AllowUnauthenticatedIdentities: false });
    const identityRoles = Object.entries(auth.findResources('AWS::IAM::Role'))
      .filter(([, role]) => JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('cognito-identity.amazonaws.com'))
      .map(([id]) => id);
    expect(identityRoles.length).toBeGreaterThan(0);
    // The only policies are the LMS launch's triggers' (their logs, the verifier's sign-in codes), none on those roles.
    const attached = Object.values(auth.findResources('AWS::IAM::Policy')).flatMap((policy) => (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref));
    expect(attached.filter((role) => identityRoles.includes(role))).toEqual([]);
    auth.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    for (const id of identityRoles) expect(auth.findResources('AWS::IAM::Role')[id].Properties).not.toHaveProperty('Policies');
  });
});

describe('e-mail', () => {
  test("sends with Cognito's own sender (50 a day) unless SES is configured", () => {
    const [pool] = Object.values(auth.findResources('AWS::Cognito::UserPool'));
    expect(pool.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  test.each([
    ['the address', { sesFromAddress: 'learning@school.example' }, 'learning@school.example'],
    ['its domain', { sesFromAddress: 'learning@school.example', sesIdentity: 'school.example' }, 'school.example'],
  ])('with -c sesFromAddress, sends through SES from that address, as the identity SES verified (%s)', (_case, context, identity) => {
    const withSes = synthesize({ region: 'eu-west-1', account: '123456789012', context });
    try {
      withSes.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
        EmailConfiguration: {
          EmailSendingAccount: 'DEVELOPER',
          From: 'Learning Paths <learning@school.example>',
          SourceArn: `arn:aws:ses:eu-west-1:123456789012:identity/${identity}`,
        },
      });
    } finally {
      withSes.cleanup();
    }
  }, 60_000);

  test.each([
    [{ sesFromAddress: 'not an address' }, /is not an e-mail address/],
    [{ sesFromAddress: 'learning@school.example', sesIdentity: 'other.example' }, /the address itself or its domain school\.example/],
    [{ sesIdentity: 'school.example' }, /sesIdentity \(from -c sesIdentity=school.example\): needs sesFromAddress too/],
  ])('refuses SES settings that cannot work (%j), saying why', (context, reason) => {
    expect(() => synthesize({ region: 'eu-west-1', account: '123456789012', context })).toThrow(reason);
  });
});
