// Identity: the user pool (invited users, e-mail as username, one group per role), the web client and the
// identity pool. The pool holds the users, so it is retained and protected from deletion.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import { NagSuppressions } from 'cdk-nag';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { ROLES } from '../../shared/roles';
import { LtiSignIn } from '../constructs/lti-sign-in';
import { SCHOOL_SIGN_IN_ATTRIBUTES, SchoolSignIn } from '../constructs/school-sign-in';
import { settingsOf, type StageSettings } from '../stage-settings';
import { LOG_RETENTION } from './api-stack';

/** How long an access or ID token is accepted after it is issued. */
export const ACCESS_TOKEN_MINUTES = 15;

/**
 * Cognito's own sender mails 50 messages a day (an invitation, a password reset each), too few to invite a school.
 * With the stage's `sesFromAddress` the pool sends through Amazon SES in its region, from that address; SES must have
 * verified the address, or its domain: then `sesIdentity` names the domain (the settings check that it is one of the
 * two). Without it, Cognito's sender.
 */
export function poolEmail({ sesFromAddress, sesIdentity }: StageSettings): UserPoolEmail | undefined {
  if (sesFromAddress === null) return undefined;
  const domain = sesFromAddress.split('@')[1];
  return UserPoolEmail.withSES({ fromEmail: sesFromAddress, fromName: 'Learning Paths', ...(sesIdentity === domain ? { sesVerifiedDomain: domain } : {}) });
}

export interface AuthStackProps extends StackProps {
  /**
   * The table the PreSignUp trigger reads domain settings from and writes a newcomer's people copy and audit entry to,
   * and the VerifyAuthChallengeResponse trigger takes an LMS launch's sign-in codes from.
   */
  table: ITableV2;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly identityPool: IdentityPool;
  /** The school's identity providers, when the stage turns any on. */
  readonly schoolSignIn: SchoolSignIn | undefined;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const settings = settingsOf(this);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true, username: false },
      autoVerify: { email: true },
      // `name` (how the app shows a person) is a standard attribute, optional and mutable by default: nothing to declare,
      // and a pool's schema cannot change after creation.
      standardAttributes: { email: { required: true, mutable: true } },
      // Where school sign-in is on: how a federated sign-in was made, mapped from the provider (the administrators'
      // second factor, functions/src/school-sign-in/second-factor.ts). A custom attribute can be added later, never removed.
      ...(settings.schoolSignIn && { customAttributes: SCHOOL_SIGN_IN_ATTRIBUTES }),
      selfSignUpEnabled: false,
      userInvitation: {
        emailSubject: 'Your Learning Paths account',
        emailBody:
          'You have been invited to Learning Paths. Sign in with {username} and the temporary password {####}; ' +
          'you will be asked to choose your own password.',
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      // TOTP (an authenticator app) for whoever turns it on in their profile; the API requires it for administration.
      // No SMS: it needs an SNS role and spend, and is the weaker factor.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // A changed e-mail address takes effect only once its owner has verified it: until then sign-in and mail use
      // the old one, so nobody's account ends up on an address they do not hold.
      keepOriginal: { email: true },
      email: poolEmail(settings),
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'UserPool: the product policy is a minimum length of 8 with no character-class rules; NIST SP 800-63B ' +
          '(5.1.1.2) favours length over composition rules, which push users to predictable passwords.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'UserPool: MFA is optional (TOTP), not required: Cognito can only require it for the whole pool, and the ' +
          'product asks it of administrators only, whom the API refuses (403) until they turn TOTP on in their profile ' +
          '(functions/src/platform/second-factor.ts). Students and teachers may turn it on; users are invited by an ' +
          'administrator (no self sign-up).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'UserPool: the Essentials plan is used; the Plus plan (threat protection) is a per-user cost the product ' +
          'has not taken on. Sign-in is invitation-only and passwords must be at least 8 characters.',
      },
    ]);

    for (const role of ROLES) {
      new UserPoolGroup(this, `${role}Group`, { userPool: this.userPool, groupName: role });
    }

    this.schoolSignIn = settings.schoolSignIn
      ? new SchoolSignIn(this, 'SchoolSignIn', {
          userPool: this.userPool,
          table: props.table,
          settings: settings.schoolSignIn,
          logRetention: LOG_RETENTION,
          tracing: settings.tracing,
        })
      : undefined;

    // An LMS launch signs its person in with a one-time code: the pool's custom authentication (always on).
    new LtiSignIn(this, 'LtiSignIn', { userPool: this.userPool, table: props.table, logRetention: LOG_RETENTION, tracing: settings.tracing });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // SRP for the web app (refresh-token auth is always allowed); custom for an LMS launch's one-time code (its
      // triggers refuse anything else); admin password auth, which needs AWS credentials (cognito-idp:AdminInitiateAuth),
      // signs in the test users of `npm run test:deployed`: only on stages whose settings allow it (the test tier),
      // never a school's live client.
      authFlows: { userSrp: true, custom: true, adminUserPassword: settings.adminPasswordSignIn },
      generateSecret: false,
      // The hosted endpoints only for school sign-in: without it the client has no OAuth flow at all.
      ...(this.schoolSignIn
        ? { oAuth: this.schoolSignIn.oAuth, supportedIdentityProviders: this.schoolSignIn.supportedIdentityProviders }
        : { disableOAuth: true }),
      preventUserExistenceErrors: true,
      // With their own access token a user may change only these; name and e-mail change through the API, which
      // validates them (no list at all would let them write every standard attribute).
      // With school sign-in Cognito must also write the providers' mapped attributes (SchoolSignIn.MAPPED_ATTRIBUTES).
      writeAttributes: this.schoolSignIn
        ? SchoolSignIn.MAPPED_ATTRIBUTES.withStandardAttributes({ locale: true })
        : new ClientAttributes().withStandardAttributes({ locale: true }),
      enableTokenRevocation: true,
      // Short-lived, so a disabled person's access token stops working within minutes: disabling also signs them out
      // everywhere (refresh tokens revoked), and the web refreshes its tokens silently while a session is in use.
      accessTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
      idTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
      refreshTokenValidity: Duration.days(30),
    });

    // Authenticated identities only, and their role carries no permissions: the browser never calls AWS directly,
    // it uploads and downloads through presigned URLs the API issues.
    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.userPoolClient })],
      },
    });

    // The stack's interface to the Api and Web stacks, exported whether or not it is imported today (docs/decisions/infrastructure/strong-export-deadlock.md).
    for (const value of [this.userPool.userPoolId, this.userPool.userPoolArn, this.userPoolClient.userPoolClientId]) this.exportValue(value);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'IdentityPoolId', { value: this.identityPool.identityPoolId });
  }
}
