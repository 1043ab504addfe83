// A user pool trigger's function: its own role and log group, bundled like the routes' (school sign-in's PreSignUp and
// PreTokenGeneration, the LMS launch's custom authentication). Access beyond its logs is granted by its construct.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { DEPS_LOCK_FILE, LAMBDA_ARCHITECTURE, lambdaBundling, LAMBDA_RUNTIME, REPO_ROOT } from './bundling';

export interface TriggerSettings {
  logRetention: RetentionDays;
  tracing: boolean;
}

/** A trigger's function with its own role and log group (a month's logs), bundled like the routes'. */
export function userPoolTriggerFunction(
  scope: Construct,
  id: string,
  entry: string,
  description: string,
  environment: Record<string, string>,
  { logRetention, tracing }: TriggerSettings,
) {
  const logGroup = new LogGroup(scope, `${id}Logs`, { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY });
  const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description });
  logGroup.grantWrite(role);
  const trigger = new NodejsFunction(scope, id, {
    description: `${id}: ${description}`,
    entry,
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: DEPS_LOCK_FILE,
    runtime: LAMBDA_RUNTIME,
    architecture: LAMBDA_ARCHITECTURE,
    memorySize: 512,
    // Cognito waits 5 s for a trigger: the few admin calls and table writes of a newcomer fit well inside.
    timeout: Duration.seconds(5),
    role,
    logGroup,
    environment: { ...environment, ...(tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}) },
    tracing: tracing ? Tracing.ACTIVE : Tracing.DISABLED,
    bundling: lambdaBundling(tracing),
  });
  if (tracing) {
    NagSuppressions.addResourceSuppressions(
      role,
      [{ id: 'AwsSolutions-IAM5', reason: 'X-Ray trace and telemetry writes support no resource-level permissions.', appliesTo: ['Resource::*'] }],
      true,
    );
  }
  return { trigger, role };
}
