// One public endpoint's Lambda (the LTI tool's, outside /api): built as a route's, granted only its endpoint's table
// actions, the origin-verify secret and, where it signs or publishes with them, the tool's keys. It counts no
// per-caller requests and reads no person's access record (there is no caller token): those grants stay off. The
// launch is also granted the user pool's admin calls it makes.
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PublicEndpointDeployment } from '../route-deployment';
import { bindTable, bindUserPool, bundledFunction, LTI_TOOL_KEYS_SECRET_ENV, type OriginVerifySettings } from './route-function';

/** A public endpoint function's whole environment. */
export function publicEndpointEnvironment(
  endpoint: PublicEndpointDeployment,
  names: { tableName: string; userPoolId: string; serviceName: string; originVerify: OriginVerifySettings; appOrigin?: string; toolKeysSecretName: string; tracing?: boolean },
): Record<string, string> {
  return {
    ...(endpoint.table !== 'none' ? { TABLE_NAME: names.tableName } : {}),
    ...(endpoint.userPool && endpoint.userPool !== 'none' ? { USER_POOL_ID: names.userPoolId } : {}),
    ...(endpoint.toolKeys ? { [LTI_TOOL_KEYS_SECRET_ENV]: names.toolKeysSecretName } : {}),
    // Where the app is, for the URLs the endpoints build (redirect_uri): behind CloudFront the request's Host is the API's.
    ...(names.appOrigin ? { APP_ORIGIN: names.appOrigin } : {}),
    POWERTOOLS_SERVICE_NAME: names.serviceName,
    ORIGIN_VERIFY_SECRET_ID: names.originVerify.secretName,
    ORIGIN_VERIFY_GENERATION: String(names.originVerify.generation),
    ...(names.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
  };
}

export interface PublicEndpointFunctionProps {
  endpoint: PublicEndpointDeployment;
  /** The function's description: the endpoints it answers (`GET, POST /lti/login`). */
  description: string;
  table: ITableV2;
  userPool: IUserPool;
  serviceName: string;
  logRetention: RetentionDays;
  originVerify: OriginVerifySettings & { secret: ISecret };
  /** The tool's key secret and its name (the function reads it by name). */
  toolKeys: { secret: ISecret; secretName: string };
  appOrigin?: string;
  tracing: boolean;
}

export class PublicEndpointFunction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: PublicEndpointFunctionProps) {
    super(scope, id);
    const { endpoint } = props;
    this.function = bundledFunction(this, {
      description: props.description,
      handler: endpoint.handler,
      timeoutSeconds: 10,
      environment: publicEndpointEnvironment(endpoint, {
        tableName: props.table.tableName,
        userPoolId: props.userPool.userPoolId,
        serviceName: props.serviceName,
        originVerify: props.originVerify,
        appOrigin: props.appOrigin,
        toolKeysSecretName: props.toolKeys.secretName,
        tracing: props.tracing,
      }),
      logRetention: props.logRetention,
      tracing: props.tracing,
    });
    props.originVerify.secret.grantRead(this.function);
    bindTable(this.function, props.table, endpoint.table);
    bindUserPool(this.function, props.userPool, endpoint.userPool ?? 'none');
    if (endpoint.toolKeys) props.toolKeys.secret.grantRead(this.function);
  }
}
