// Stateless API: an HTTP API whose routes come from the shared route table, one Lambda each, all behind the
// Cognito JWT authorizer. Table, bucket and pool arrive as typed props from the stateful stacks.
import { CfnOutput, CfnParameter, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { KeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '../../shared/contract/route';
import { ApiMonitoring } from '../constructs/api-monitoring';
import { TextExtraction } from '../constructs/text-extraction';
import { RosterSync } from '../constructs/roster-sync';
import { LtiScoreDelivery } from '../constructs/lti-score-delivery';
import { RetentionSchedule } from '../constructs/retention-schedule';
import type { OriginVerifySettings } from '../constructs/route-function';
import { originVerifyKey } from '../../shared/edge';
import { ApiFeatureStack, type FeatureFunctionProps } from './api-feature-stack';
import { deployedRoutes, routesByFeature, type DeployedRoute } from '../route-deployment';
import { fileLinkKeysSecretName, ltiToolKeysSecretName, originVerifySecretName, stageName } from '../stage';
import { FileLinkKeys } from '../constructs/file-link-keys';
import { PublicEndpointsStack } from './public-endpoints-stack';
import { ltiEndpoints, type LtiEndpointName } from '../../shared/contract/lti';
import { settingsOf, type StageSettings } from '../stage-settings';
import { routeClass, throttlesFor, type Throttle, type Throttles } from '../capacity';
import { schoolProviderRules } from '../constructs/school-sign-in';

export interface ApiStackProps extends StackProps {
  stage: string;
  table: ITableV2;
  uploadsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The routes to deploy (the route table's; the limits test passes a larger one). */
  routes?: readonly (readonly [string, DeployedRoute])[];
}

/** The throttle of a route: its route class's (infra/capacity.ts, sized from the stage's capacity model). */
export function routeThrottle(throttles: Throttles, name: string, route: RouteDefinition): Throttle {
  return throttles.routes[routeClass(name, route.method)];
}

export const LOG_RETENTION = RetentionDays.ONE_MONTH;
/** Powertools' service name (a dimension of the business metrics), per stage so two stages' metrics stay apart. */
export const serviceName = (stage: string) => stageName(stage, 'learning-paths-api');

/**
 * The Bedrock model drafting calls (the stage's `bedrockDrafting` and `draftingModelId` settings; model access must be
 * granted in the account); undefined (the local drafter) unless turned on.
 */
export function draftingModelId(settings: StageSettings): string | undefined {
  return settings.bedrockDrafting ? settings.draftingModelId : undefined;
}

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Host name of the API's default endpoint, for the CloudFront origin. */
  readonly apiDomainName: string;
  /** The secret holding the values of the origin-verify header CloudFront sends and every function requires. */
  readonly originVerifySecret: ISecret;
  /** The secret's name and the generation CloudFront sends. */
  readonly originVerify: OriginVerifySettings;
  /** The key pair that signs file links; the Web stack's files behaviour trusts its key group. */
  readonly fileLinkKeys: FileLinkKeys;
  /**
   * The registered LMSs' frame-ancestors, which the platform routes publish and the Web stack's function reads: here,
   * where the routes get its exact ARN; the Web stack (deployed after this one) associates it by reference.
   */
  readonly frameAncestorsStore: KeyValueStore;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const settings = settingsOf(this);
    const throttles = throttlesFor(settings.capacity);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: stageName(props.stage, 'learning-paths'),
      description: 'Learning Paths API, served to browsers through CloudFront under /api/*',
      createDefaultStage: false,
    });
    // Built from the API's id rather than split out of its endpoint URL, so the Web stack imports a plain id.
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    // HTTP API cannot turn its default endpoint off without a custom domain; instead CloudFront proves itself with a
    // header whose value only it and the functions know (see shared/edge.ts). The secret has a name of the stage: the
    // Web stack's header reads it by that name (a dynamic reference of literal text) and the functions read it at run
    // time. It holds one value per generation; a rotation adds the next (`npm run rotate-origin-secret`) and deploys
    // with `-c originVerifyGeneration=<n+1>`: the functions, updated first, accept both values, then CloudFront switches.
    this.originVerify = { secretName: originVerifySecretName(props.stage), generation: settings.originVerifyGeneration };
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      secretName: this.originVerify.secretName,
      description: 'Values of the header CloudFront adds to API requests, one per generation; functions refuse requests without one',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: originVerifyKey(1), passwordLength: 48, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(this.originVerifySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'OriginVerifySecret: CloudFront reads it at deploy time, so a rotation adds a value and deploys the next generation (npm run rotate-origin-secret, README); it only keeps callers from going around CloudFront, every route still needs a Cognito JWT.',
      },
    ]);
    // The API's interface to the Web stack, exported whether or not it is imported today (docs/decisions/infrastructure/strong-export-deadlock.md).
    this.exportValue(this.httpApi.apiId);
    this.frameAncestorsStore = new KeyValueStore(this, 'LtiFrameAncestors', {
      comment: 'Learning Paths: the origins of the registered LMSs, which may show the app in a frame',
    });
    this.exportValue(this.frameAncestorsStore.keyValueStoreArn);

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: throttles.stage,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            // The metric filter counting 429s dimensions them by service, as the functions' metrics are.
            service: serviceName(props.stage),
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

    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description:
        'E-mail address that receives the API alarms (confirm the subscription e-mail SNS sends); leave empty to subscribe later.',
      default: '',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'must be empty or an e-mail address',
    });
    const monitoring = new ApiMonitoring(this, 'Monitoring', {
      httpApi: this.httpApi,
      accessLogs,
      table: props.table,
      alarmEmail: alarmEmail.valueAsString,
      serviceName: serviceName(props.stage),
      stage: props.stage,
    });

    this.fileLinkKeys = new FileLinkKeys(this, 'FileLinkKeys', {
      secretName: fileLinkKeysSecretName(props.stage),
      generation: settings.fileLinkKeyGeneration,
      serviceName: serviceName(props.stage),
      logRetention: LOG_RETENTION,
      tracing: settings.tracing,
      monitoring,
    });
    this.exportValue(this.fileLinkKeys.keyGroup.keyGroupId);

    const scoreDeliveryProps = { table: props.table, serviceName: serviceName(props.stage), logRetention: LOG_RETENTION, tracing: settings.tracing, monitoring };
    const scoreDelivery = new LtiScoreDelivery(this, 'LtiScoreDelivery', scoreDeliveryProps);

    // CfnStage.routeSettings is untyped JSON: written as CloudFormation spells it.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const functions: FeatureFunctionProps = {
      table: props.table,
      uploadsBucket: props.uploadsBucket,
      userPool: props.userPool,
      serviceName: serviceName(props.stage),
      logRetention: LOG_RETENTION,
      originVerify: { ...this.originVerify, secret: this.originVerifySecret },
      tracing: settings.tracing,
      draftingModelId: draftingModelId(settings),
      toolKeysSecretName: ltiToolKeysSecretName(props.stage),
      fileLinkKeys: { ...this.fileLinkKeys.signing, secret: this.fileLinkKeys.secret },
      ...(settings.schoolSignIn && { schoolSignInProviders: JSON.stringify(schoolProviderRules(settings.schoolSignIn)) }),
      scoreQueue: scoreDelivery.queue,
      frameAncestorsStore: this.frameAncestorsStore,
    };
    for (const [feature, routes] of routesByFeature(props.routes ?? deployedRoutes)) {
      const featureStack = new ApiFeatureStack(this, `${feature}Routes`, {
        description: `Learning Paths: the ${feature} routes of the API and their functions`,
        routes,
        httpApi: this.httpApi,
        authorizer,
        functions,
        monitoring,
      });
      for (const [name, route] of routes) {
        const { rateLimit, burstLimit } = routeThrottle(throttles, name, route);
        routeSettings[`${route.method} ${route.path}`] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
      }
      // A stage's route settings may only name routes that exist.
      stage.node.addDependency(featureStack);
    }
    const publicEndpoints = new PublicEndpointsStack(this, 'PublicEndpoints', {
      description: 'Learning Paths: the public endpoints outside /api (the LTI tool\'s), their functions and the tool\'s keys',
      httpApi: this.httpApi,
      functions: {
        table: props.table,
        userPool: props.userPool,
        serviceName: serviceName(props.stage),
        logRetention: LOG_RETENTION,
        originVerify: { ...this.originVerify, secret: this.originVerifySecret },
        tracing: settings.tracing,
        appOrigin: settings.schoolSignIn?.appOrigin,
      },
      toolKeysSecretName: ltiToolKeysSecretName(props.stage),
      monitoring,
    });
    for (const [name, endpoint] of Object.entries(ltiEndpoints) as [LtiEndpointName, (typeof ltiEndpoints)[LtiEndpointName]][]) {
      const { rateLimit, burstLimit } = throttles.routes[routeClass(name, endpoint.method)];
      routeSettings[`${endpoint.method} ${endpoint.path}`] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
    }
    stage.node.addDependency(publicEndpoints);
    scoreDelivery.addSender({ ...scoreDeliveryProps, toolKeys: publicEndpoints.toolKeys });
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    new TextExtraction(this, 'TextExtraction', {
      table: props.table,
      uploadsBucket: props.uploadsBucket,
      serviceName: serviceName(props.stage),
      logRetention: LOG_RETENTION,
      tracing: settings.tracing,
      monitoring,
    });
    new RosterSync(this, 'RosterSync', {
      prefix: settings.oneRosterSyncPrefix,
      table: props.table,
      uploadsBucket: props.uploadsBucket,
      userPool: props.userPool,
      serviceName: serviceName(props.stage),
      logRetention: LOG_RETENTION,
      tracing: settings.tracing,
      ...(settings.schoolSignIn && { schoolSignInProviders: JSON.stringify(schoolProviderRules(settings.schoolSignIn)) }),
      monitoring,
    });
    new RetentionSchedule(this, 'RetentionSchedule', {
      table: props.table,
      serviceName: serviceName(props.stage),
      logRetention: LOG_RETENTION,
      tracing: settings.tracing,
      monitoring,
    });
    monitoring.addDashboard();

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'OriginVerifyGeneration', {
      value: String(this.originVerify.generation),
      description: 'The origin-verify generation CloudFront sends (npm run rotate-origin-secret reads it).',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: monitoring.topic.topicArn,
      description: 'SNS topic of the API alarms (subscribe with aws sns subscribe, README).',
    });
  }
}
