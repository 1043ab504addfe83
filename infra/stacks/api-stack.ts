// Stateless API: an HTTP API whose routes come from the shared route table, one Lambda each, all behind the
// Cognito JWT authorizer. Table, bucket and pool arrive as typed props from the stateful stacks.
import { CfnOutput, CfnParameter, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { ApiMonitoring } from '../constructs/api-monitoring';
import { RouteFunction } from '../constructs/route-function';
import { deployedRoutes } from '../route-deployment';

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  uploadsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/** A school's whole traffic fits far below this; it caps what a leaked token or a runaway client can cost. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
export const LOG_RETENTION = RetentionDays.ONE_MONTH;
export const SERVICE_NAME = 'learning-paths-api';

/** `cdk deploy -c tracing=true` (or `"tracing": true` in cdk.json's context) turns on X-Ray for every function. */
export const tracingEnabled = (scope: Construct) => [true, 'true'].includes(scope.node.tryGetContext('tracing'));

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Host name of the API's default endpoint, for the CloudFront origin. */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: 'learning-paths',
      description: 'Learning Paths API, served to browsers through CloudFront under /api/*',
      createDefaultStage: false,
    });
    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            userId: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // Issuer = the pool, audience = the web client. The handlers further require an access token.
    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    const functions: Record<string, IFunction> = {};
    for (const [name, route] of deployedRoutes) {
      const { function: fn } = new RouteFunction(this, name, {
        route,
        table: props.table,
        uploadsBucket: props.uploadsBucket,
        userPool: props.userPool,
        serviceName: SERVICE_NAME,
        logRetention: LOG_RETENTION,
        tracing: tracingEnabled(this),
      });
      new HttpRoute(this, `${name}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
        authorizer,
      });
      functions[name] = fn;
    }

    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description: 'E-mail address that receives the API alarms (confirm the subscription e-mail SNS sends).',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'must be an e-mail address',
    });
    new ApiMonitoring(this, 'Monitoring', {
      httpApi: this.httpApi,
      functions,
      table: props.table,
      alarmEmail: alarmEmail.valueAsString,
      serviceName: SERVICE_NAME,
    });

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }
}
