// A user pool trigger's function: its own role and log group, bundled like the routes' (school sign-in's PreSignUp and
// PreTokenGeneration, the LMS launch's custom authentication). Access beyond its logs is granted by its construct.
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { bundledFunction } from './route-function';

export interface TriggerSettings {
  logRetention: RetentionDays;
  tracing: boolean;
}

/** A trigger's function with its own role and log group, bundled like the routes'; `handler` under functions/src/. */
export function userPoolTriggerFunction(
  scope: Construct,
  id: string,
  handler: string,
  description: string,
  environment: Record<string, string>,
  { logRetention, tracing }: TriggerSettings,
) {
  const trigger = bundledFunction(scope, {
    idPrefix: id,
    description: `${id}: ${description}`,
    handler,
    // Cognito waits 5 s for a trigger: the few admin calls and table writes of a newcomer fit well inside.
    timeoutSeconds: 5,
    environment: { ...environment, ...(tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}) },
    logRetention,
    tracing,
  });
  return { trigger, role: trigger.role as IRole };
}
