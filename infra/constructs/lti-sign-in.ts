// The user pool's custom authentication, which signs in the person an LMS launch named (docs/decisions/lti/launch-sign-in.md):
// DefineAuthChallenge and CreateAuthChallenge read only their events; VerifyAuthChallengeResponse takes the launch's
// one-time code from the table (one conditional DeleteItem on `LTI_SIGN_IN#…` items, nothing else).
import { UserPoolOperation, type UserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { userPoolTriggerFunction, type TriggerSettings } from './user-pool-trigger';

/** The sign-in codes' partition prefix (functions/src/table/table.ts, `ltiSignInCode`). */
const SIGN_IN_CODE_KEYS = 'LTI_SIGN_IN#*';

export interface LtiSignInProps extends TriggerSettings {
  userPool: UserPool;
  table: ITableV2;
}

export class LtiSignIn extends Construct {
  constructor(scope: Construct, id: string, props: LtiSignInProps) {
    super(scope, id);
    const { userPool, table } = props;
    const define = userPoolTriggerFunction(this, 'DefineAuthChallenge', 'lti/handlers/define-auth-challenge', "an LMS launch's sign-in: one custom challenge, then tokens or the end", {}, props);
    userPool.addTrigger(UserPoolOperation.DEFINE_AUTH_CHALLENGE, define.trigger);
    const create = userPoolTriggerFunction(this, 'CreateAuthChallenge', 'lti/handlers/create-auth-challenge', "an LMS launch's sign-in challenge, which shows nothing", {}, props);
    userPool.addTrigger(UserPoolOperation.CREATE_AUTH_CHALLENGE, create.trigger);
    const verify = userPoolTriggerFunction(
      this,
      'VerifyAuthChallenge',
      'lti/handlers/verify-auth-challenge',
      "checks and uses up an LMS launch's one-time sign-in code",
      { TABLE_NAME: table.tableName },
      props,
    );
    userPool.addTrigger(UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, verify.trigger);
    // A policy of its own (not the role's default one, which the pool's trigger would wait on: a circular reference).
    new Policy(this, 'VerifyAuthChallengeAccess', {
      roles: [verify.role],
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:DeleteItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [SIGN_IN_CODE_KEYS] } },
        }),
      ],
    });
  }
}
