// Sign-in through the school's identity providers (issue 36, docs/decisions/school-sign-in/federation-in-aws.md): the
// user pool's Cognito domain with its hosted endpoints, Google, Microsoft Entra ID (OpenID Connect) and a SAML 2.0
// provider as the stage's settings turn them on, and the PreSignUp trigger that links a first federated sign-in to
// the account the school invited (functions/src/school-sign-in/handlers/pre-sign-up.ts).
import { Aws, SecretValue } from 'aws-cdk-lib';
import {
  OAuthScope,
  OidcAttributeRequestMethod,
  ClientAttributes,
  ProviderAttribute,
  StringAttribute,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  UserPoolIdentityProviderSaml,
  UserPoolIdentityProviderSamlMetadata,
  UserPoolOperation,
  type OAuthSettings,
  type UserPool,
  type IUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { SIGN_IN_CALLBACK_PATHS, SIGN_OUT_CALLBACK_PATH } from '../../shared/school-sign-in';
import type { WebConfig } from '../../shared/web-config';
import { PROVIDER_AMR_ATTRIBUTE, SCHOOL_SIGN_IN_PROVIDERS_ENV, type SchoolProviderRule } from '../../shared/school-sign-in';
import type { SchoolSignInSettings } from '../stage-settings';
import { userPoolTriggerFunction } from './user-pool-trigger';


/** The providers' names in the pool (Amplify's `provider: { custom: name }`); Google's is fixed by Cognito. */
export const GOOGLE_PROVIDER_NAME = 'Google';
export const MICROSOFT_PROVIDER_NAME = 'Microsoft';

/** The login pages' button texts (issue 36, word for word). */
export const PROVIDER_LABELS = {
  google: 'Sign in with Google',
  microsoft: 'Sign in with Microsoft',
  saml: 'Sign in with your school account',
} as const;

/** The pool's custom attributes school sign-in maps (without the `custom:` prefix, as CDK declares them). */
export const SCHOOL_SIGN_IN_ATTRIBUTES = { [PROVIDER_AMR_ATTRIBUTE.replace(/^custom:/, '')]: new StringAttribute({ mutable: true, maxLen: 512 }) };

/** The SAML claim Cognito's documentation and most identity providers use for the e-mail address. */
const SAML_EMAIL_CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

/**
 * The providers a stage federates and the e-mail domains each may sign in, as the PreSignUp trigger and the school
 * sign-in routes read them (SCHOOL_SIGN_IN_PROVIDERS); none when school sign-in is off.
 */
export function schoolProviderRules(settings: SchoolSignInSettings | null): SchoolProviderRule[] {
  if (!settings) return [];
  return [
    ...(settings.google ? [{ name: GOOGLE_PROVIDER_NAME, domains: settings.google.domains }] : []),
    ...(settings.microsoft ? [{ name: MICROSOFT_PROVIDER_NAME, domains: settings.microsoft.domains }] : []),
    ...(settings.saml ? [{ name: settings.saml.name, domains: settings.saml.domains }] : []),
  ];
}

export interface SchoolSignInProps {
  userPool: UserPool;
  table: ITableV2;
  settings: SchoolSignInSettings;
  logRetention: RetentionDays;
  tracing: boolean;
}

export class SchoolSignIn extends Construct {
  /** The app client's OAuth settings: the code grant (with PKCE, as Amplify sends it) back to the login pages. */
  readonly oAuth: OAuthSettings;
  /** Cognito's own password sign-in and every provider this stage turns on. */
  readonly supportedIdentityProviders: UserPoolClientIdentityProvider[];
  /**
   * What the web client may write: Cognito updates the mapped attributes at every federated sign-in and refuses the
   * sign-in when the app client may not write one of them (UserPoolClient WriteAttributes).
   */
  static readonly MAPPED_ATTRIBUTES = new ClientAttributes()
    .withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true, fullname: true })
    .withCustomAttributes(PROVIDER_AMR_ATTRIBUTE.replace(/^custom:/, ''));

  /** What the web app's /config.json says about it. */
  readonly webConfig: NonNullable<WebConfig['schoolSignIn']>;

  constructor(scope: Construct, id: string, props: SchoolSignInProps) {
    super(scope, id);
    const { userPool, settings } = props;

    props.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: settings.domainPrefix } });

    const providers: { provider: IUserPoolIdentityProvider; name: string; label: string }[] = [];
    if (settings.google) {
      const provider = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool,
        clientId: settings.google.clientId,
        clientSecretValue: SecretValue.secretsManager(settings.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          fullname: ProviderAttribute.GOOGLE_NAME,
          // Google reports no second factor in its tokens: its `sub` (digits) overwrites whatever an earlier sign-in
          // through another provider left, so a Google sign-in never counts as an administrator's second factor.
          custom: { [PROVIDER_AMR_ATTRIBUTE]: ProviderAttribute.other('sub') },
        },
      });
      providers.push({ provider, name: GOOGLE_PROVIDER_NAME, label: PROVIDER_LABELS.google });
    }
    if (settings.microsoft) {
      const provider = new UserPoolIdentityProviderOidc(this, 'Microsoft', {
        userPool,
        name: MICROSOFT_PROVIDER_NAME,
        clientId: settings.microsoft.clientId,
        // A dynamic reference CloudFormation resolves at deploy time: the template holds the secret's name only.
        clientSecret: SecretValue.secretsManager(settings.microsoft.clientSecretName).unsafeUnwrap(),
        // The tenant's own issuer: tokens of every other tenant (and of personal Microsoft accounts) fail its check.
        issuerUrl: `https://login.microsoftonline.com/${settings.microsoft.tenantId}/v2.0`,
        scopes: ['openid', 'email', 'profile'],
        attributeRequestMethod: OidcAttributeRequestMethod.GET,
        attributeMapping: {
          email: ProviderAttribute.other('email'),
          // Entra sends no email_verified; `xms_edov` (an optional claim the app registration adds) is true when the
          // tenant owns the address's domain (README "School sign-in").
          emailVerified: ProviderAttribute.other('xms_edov'),
          // How the person signed in (`amr`: pwd, mfa …), for the administrators' second factor (PreTokenGeneration).
          custom: { [PROVIDER_AMR_ATTRIBUTE]: ProviderAttribute.other('amr') },
          givenName: ProviderAttribute.other('given_name'),
          familyName: ProviderAttribute.other('family_name'),
          fullname: ProviderAttribute.other('name'),
        },
      });
      providers.push({ provider, name: MICROSOFT_PROVIDER_NAME, label: PROVIDER_LABELS.microsoft });
    }
    if (settings.saml) {
      const provider = new UserPoolIdentityProviderSaml(this, 'Saml', {
        userPool,
        name: settings.saml.name,
        metadata: UserPoolIdentityProviderSamlMetadata.url(settings.saml.metadataUrl),
        attributeMapping: {
          email: ProviderAttribute.other(SAML_EMAIL_CLAIM),
          // The school's provider releases `email_verified` = true for the addresses it owns (README "School sign-in").
          emailVerified: ProviderAttribute.other('email_verified'),
          // The authentication methods Entra ID (and providers following it) release: multipleauthn after a second factor.
          custom: { [PROVIDER_AMR_ATTRIBUTE]: ProviderAttribute.other('http://schemas.microsoft.com/claims/authnmethodsreferences') },
          givenName: ProviderAttribute.other('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'),
          familyName: ProviderAttribute.other('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'),
        },
      });
      providers.push({ provider, name: settings.saml.name, label: PROVIDER_LABELS.saml });
    }
    // By reference, so CloudFormation creates the providers before the client that names them.
    this.supportedIdentityProviders = [
      UserPoolClientIdentityProvider.COGNITO,
      ...providers.map(({ provider }) => UserPoolClientIdentityProvider.custom(provider.providerName)),
    ];
    this.oAuth = {
      flows: { authorizationCodeGrant: true },
      // The web asks for the admin scope too: its access token reads and writes the person's own attributes.
      scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
      callbackUrls: SIGN_IN_CALLBACK_PATHS.map((path) => `${settings.appOrigin}${path}`),
      logoutUrls: [`${settings.appOrigin}${SIGN_OUT_CALLBACK_PATH}`],
    };
    // The names and the prefix are the settings' and the region the stage's, so the Web stack needs no export for them.
    this.webConfig = {
      domain: `${settings.domainPrefix}.auth.${Aws.REGION}.amazoncognito.com`,
      providers: providers.map(({ name, label }) => ({ name, label })),
    };

    this.addTriggers(props);
  }

  private addTriggers(props: SchoolSignInProps): void {
    const { userPool, table, settings } = props;
    const preSignUp = userPoolTriggerFunction(
      this,
      'PreSignUp',
      'school-sign-in/handlers/pre-sign-up',
      'links a first school sign-in to the account of the school, or refuses it',
      { TABLE_NAME: table.tableName, [SCHOOL_SIGN_IN_PROVIDERS_ENV]: JSON.stringify(schoolProviderRules(settings)) },
      props,
    );
    userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, preSignUp.trigger);
    // A policy of its own, not the role's default one: the function waits for its default policy, and the pool for
    // the function, so a grant naming the pool there would be a circular reference.
    new Policy(this, 'PreSignUpAccess', {
      roles: [preSignUp.role],
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup'],
          resources: [userPool.userPoolArn],
        }),
        // A domain's setting (GetItem on `SCHOOL`), and for a newcomer let in as a student their people copy
        // (`PERSON#…`) and audit entry (`AUDIT`): the keys of functions/src/table/table.ts, nothing else.
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SCHOOL', 'AUDIT', 'PERSON#*'] } },
        }),
      ],
    });
    // Reads only the event: no access beyond its logs.
    const preTokenGeneration = userPoolTriggerFunction(
      this,
      'PreTokenGeneration',
      'school-sign-in/handlers/pre-token-generation',
      "refuses an administrator's school sign-in without the provider's second factor",
      {},
      props,
    );
    userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, preTokenGeneration.trigger);
  }
}
