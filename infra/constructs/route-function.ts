// One API route's Lambda: bundled handler, its own role and log group, and only the data access its route declares.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import { LTI_FRAME_ANCESTORS_STORE_ENV } from '../../shared/lti';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { FileLinkKeySettings } from './file-link-keys';
import { tableIamActions, type BucketAccess, type DeployedRoute, type ModelAction, type RouteDeployment, type TableAccess, type UserPoolAccess } from '../route-deployment';
import { ERASURE_JOB_PREFIX, PERSON_ACCESS_PREFIX, REQUEST_COUNTER_PREFIX, TABLE_KEYS } from '../../shared/table';
import { FUNCTION_FILES_PREFIX } from '../../shared/storage';
import { admitsAdmins } from '../../shared/second-factor';
import { SCHOOL_SIGN_IN_PROVIDERS_ENV } from '../../shared/school-sign-in';
import { handlerCode, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './bundling';

/**
 * A route function's whole environment (the bundle report loads each bundle with exactly this). The variables a
 * route's function reads at cold start: the table's name (every function counts its callers' requests there, the
 * per-caller rate limit), the bucket's only when it uses files, the user pool's only when it calls Cognito (the
 * handler builds exactly those adapters), so no function is configured with a store it does not use.
 */
export function functionEnvironment(
  route: Pick<RouteDeployment, 'table' | 'bucket' | 'userPool' | 'model' | 'schoolSignIn' | 'scoreReports' | 'toolKeys' | 'fileLinks' | 'frameAncestors'>,
  names: {
    tableName: string;
    /** The tool's LTI key secret, read by name where the route signs with it. */
    toolKeysSecretName: string;
    bucketName: string;
    userPoolId: string;
    serviceName: string;
    originVerify: OriginVerifySettings;
    tracing?: boolean;
    draftingModelId?: string;
    /** The providers and domains (JSON) where the stage turns school sign-in on. */
    schoolSignInProviders?: string;
    /** The LTI score reports queue's URL. */
    scoreQueueUrl?: string;
    /** The file link key that signs, where the route hands out links to files. */
    fileLinkKeys?: FileLinkKeySettings;
    /** The CloudFront key value store of the LMSs that may frame the app (its ARN). */
    frameAncestorsStoreArn?: string;
  },
): Record<string, string> {
  return {
    TABLE_NAME: names.tableName,
    ...(route.bucket !== 'none' ? { BUCKET_NAME: names.bucketName } : {}),
    ...(route.userPool !== 'none' ? { USER_POOL_ID: names.userPoolId } : {}),
    ...(route.model && names.draftingModelId ? { DRAFTING_MODEL_ID: names.draftingModelId } : {}),
    ...(route.schoolSignIn && names.schoolSignInProviders ? { [SCHOOL_SIGN_IN_PROVIDERS_ENV]: names.schoolSignInProviders } : {}),
    ...(route.scoreReports && names.scoreQueueUrl ? { [LTI_SCORE_QUEUE_ENV]: names.scoreQueueUrl } : {}),
    ...(route.toolKeys ? { [LTI_TOOL_KEYS_SECRET_ENV]: names.toolKeysSecretName } : {}),
    ...(route.fileLinks && names.fileLinkKeys
      ? {
          FILE_LINK_KEYS_SECRET_ID: names.fileLinkKeys.secretName,
          FILE_LINK_KEY_GENERATION: String(names.fileLinkKeys.generation),
          FILE_LINK_KEY_ID: names.fileLinkKeys.keyPairId,
        }
      : {}),
    ...(route.frameAncestors && names.frameAncestorsStoreArn ? { [LTI_FRAME_ANCESTORS_STORE_ENV]: names.frameAncestorsStoreArn } : {}),
    POWERTOOLS_SERVICE_NAME: names.serviceName,
    // The secret's name and the generation CloudFront sends, never a value (functions/src/platform/origin-verify.ts).
    ORIGIN_VERIFY_SECRET_ID: names.originVerify.secretName,
    ORIGIN_VERIFY_GENERATION: String(names.originVerify.generation),
    ...(names.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
  };
}

/** The variable naming the tool's key secret (functions/src/composition/lti.ts). */
export const LTI_TOOL_KEYS_SECRET_ENV = 'LTI_TOOL_KEYS_SECRET_ID';

/** Where a function finds the values of CloudFront's origin-verify header. */
export interface OriginVerifySettings {
  secretName: string;
  generation: number;
}

export interface RouteFunctionProps {
  route: DeployedRoute;
  table: ITableV2;
  uploadsBucket: IBucket;
  userPool: IUserPool;
  serviceName: string;
  logRetention: RetentionDays;
  /** The origin-verify secret the function reads (by name) and is allowed to read, and the generation CloudFront sends. */
  originVerify: OriginVerifySettings & { secret: ISecret };
  /** X-Ray active tracing, with the SDK clients traced (CDK context flag `tracing`). */
  tracing: boolean;
  /** The Bedrock model drafting routes call, when Bedrock drafting is enabled (CDK context); else they draft locally. */
  draftingModelId?: string;
  /** The stage's providers and their domains (JSON), where school sign-in is on. */
  schoolSignInProviders?: string;
  /** The LTI score reports queue, which routes that declare `scoreReports` send to. */
  scoreQueue?: IQueue;
  /** The tool's LTI key secret (made by the public endpoints' stack), read by name by routes that sign with it. */
  toolKeysSecretName: string;
  /** The file link key (its secret readable) that routes declaring `fileLinks` sign with. */
  fileLinkKeys?: FileLinkKeySettings & { secret: ISecret };
  /** The key value store the routes that declare `frameAncestors` publish to. */
  frameAncestorsStore?: IKeyValueStore;
}

/** The environment variable naming the LTI score reports queue (the attempt route's reporter, the sender). */
export const LTI_SCORE_QUEUE_ENV = 'LTI_SCORE_QUEUE_URL';

/** Uploaded files live under this prefix (`protected/{sub}/{upload id}/{name}`); functions reach nothing else. */
export const UPLOADS_PREFIX = FUNCTION_FILES_PREFIX;

export class RouteFunction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;

    const environment = functionEnvironment(route, {
      tableName: props.table.tableName,
      bucketName: props.uploadsBucket.bucketName,
      userPoolId: props.userPool.userPoolId,
      serviceName: props.serviceName,
      originVerify: props.originVerify,
      tracing: props.tracing,
      draftingModelId: props.draftingModelId,
      schoolSignInProviders: props.schoolSignInProviders,
      scoreQueueUrl: props.scoreQueue?.queueUrl,
      toolKeysSecretName: props.toolKeysSecretName,
      fileLinkKeys: props.fileLinkKeys,
      frameAncestorsStoreArn: props.frameAncestorsStore?.keyValueStoreArn,
    });
    const drafting = route.model && props.draftingModelId ? { actions: route.model, modelId: props.draftingModelId } : undefined;
    // A model's answer of 15 questions takes longer than any table read; the HTTP API waits up to 30 s.
    this.function = bundledFunction(this, {
      description: `${route.method} ${route.path}`,
      handler: route.handler,
      timeoutSeconds: route.timeoutSeconds ?? (drafting ? 29 : 10),
      environment,
      logRetention: props.logRetention,
      tracing: props.tracing,
    });
    props.originVerify.secret.grantRead(this.function);
    bindTable(this.function, props.table, route.table);
    bindRequestCounter(this.function, props.table);
    bindPersonAccess(this.function, props.table, admitsAdmins(route));
    bindUploads(this.function, props.uploadsBucket, route.bucket);
    bindUserPool(this.function, props.userPool, route.userPool);
    if (route.scoreReports) {
      if (!props.scoreQueue) throw new Error(`${id} sends LTI score reports: give it the queue (scoreQueue)`);
      this.function.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [props.scoreQueue.queueArn] }));
    }
    if (route.frameAncestors) {
      if (!props.frameAncestorsStore) throw new Error(`${id} publishes the LMSs that may frame the app: give it the key value store (frameAncestorsStore)`);
      this.function.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          // Every PutKey names the store's current ETag, which DescribeKeyValueStore answers.
          actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey'],
          resources: [props.frameAncestorsStore.keyValueStoreArn],
        }),
      );
    }
    // By name, not by reference: the secret lives in the public endpoints' nested stack, made after the routes'.
    if (route.toolKeys) Secret.fromSecretNameV2(this, 'LtiToolKeys', props.toolKeysSecretName).grantRead(this.function);
    if (route.fileLinks) {
      if (!props.fileLinkKeys) throw new Error(`${id} signs file links: give it the key (fileLinkKeys)`);
      props.fileLinkKeys.secret.grantRead(this.function);
    }
    if (drafting) {
      const modelArn = Stack.of(this).formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: drafting.modelId });
      bindModel(this.function, modelArn, drafting.actions);
    }
    if (route.bucket !== 'none') {
      NagSuppressions.addResourceSuppressions(
        this,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              `${id} (${route.method} ${route.path}): uploaded objects are keyed per user and per upload at runtime ` +
              `(${UPLOADS_PREFIX}{sub}/{upload id}/{name}); object access is limited to that prefix.`,
            appliesTo: [{ regex: `/^Resource::.+\\/${UPLOADS_PREFIX.slice(0, -1)}\\/\\*$/` }],
          },
        ],
        true,
      );
    }
  }
}

export interface BundledFunctionProps {
  description: string;
  /** The handler's file under functions/src/, without extension. */
  handler: string;
  timeoutSeconds: number;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  tracing: boolean;
  /** Begins the ids of the function, its role and its log group where one scope holds several (the pool's triggers). */
  idPrefix?: string;
}

/**
 * A handler's Lambda as every function is built: bundled from functions/src/, its own role (no AWS managed
 * policies) writing only to its own log group, and X-Ray tracing where the stage turns it on.
 */
export function bundledFunction(scope: Construct, { idPrefix = '', ...props }: BundledFunctionProps): LambdaFunction {
  const logGroup = new LogGroup(scope, `${idPrefix}Logs`, { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
  const role = new Role(scope, `${idPrefix}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: props.description });
  logGroup.grantWrite(role);
  const fn = new LambdaFunction(scope, idPrefix || 'Function', {
    description: props.description,
    ...handlerCode(props.handler, props.tracing),
    runtime: LAMBDA_RUNTIME,
    architecture: LAMBDA_ARCHITECTURE,
    memorySize: 512,
    timeout: Duration.seconds(props.timeoutSeconds),
    role,
    logGroup,
    environment: props.environment,
    tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
  });
  if (props.tracing) {
    NagSuppressions.addResourceSuppressions(
      role,
      [{ id: 'AwsSolutions-IAM5', reason: 'X-Ray trace and telemetry writes support no resource-level permissions.', appliesTo: ['Resource::*'] }],
      true,
    );
  }
  return fn;
}

/** Exactly the DynamoDB actions the route declares, on the table and its one index by name (no `index/*`). */
export function bindTable(grantee: IGrantable, table: ITableV2, access: TableAccess): void {
  if (access === 'none') return;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: tableIamActions(access),
      resources: [table.tableArn, `${table.tableArn}/index/${TABLE_KEYS.byOwnerIndex.name}`],
    }),
  );
}

/**
 * The per-caller rate limit (functions/src/platform/rate-limit.ts) that every function applies: UpdateItem on the
 * request counters only, items whose partition key starts with `RATE#`.
 */
export function bindRequestCounter(grantee: IGrantable, table: ITableV2): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${REQUEST_COUNTER_PREFIX}*`] } },
    }),
  );
}

/**
 * The caller's access record (functions/src/platform/person-access.ts) that every function reads beside the caller's
 * erase job (one BatchGetItem), on items whose partition key starts with `ACCESS#` or `ERASURE#` only; a route
 * admitting admins also records on the access record when it first sees an admin's second factor on, and forgets that
 * when it sees it off (UpdateItem, `ACCESS#` only).
 */
export function bindPersonAccess(grantee: IGrantable, table: ITableV2, admitsAdmins: boolean): void {
  const onItemsUnder = (prefixes: string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) } });
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['dynamodb:BatchGetItem'],
      resources: [table.tableArn],
      conditions: onItemsUnder([PERSON_ACCESS_PREFIX, ERASURE_JOB_PREFIX]),
    }),
  );
  if (!admitsAdmins) return;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:UpdateItem'], resources: [table.tableArn], conditions: onItemsUnder([PERSON_ACCESS_PREFIX]) }),
  );
}

/**
 * Exactly the object actions the route declares, under `protected/` only. No function lists the bucket: without
 * ListBucket, S3 answers a HEAD of a missing object with 403 instead of 404, and the file storage adapter reads both
 * as "not there" (it only ever asks for keys under the prefix it may read).
 */
export function bindUploads(grantee: IGrantable, bucket: IBucket, access: BucketAccess): void {
  if (access === 'none') return;
  const onObjects = access.filter((action) => action !== 'ListBucket');
  if (onObjects.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: onObjects.map((action) => `s3:${action}`),
        resources: [bucket.arnForObjects(`${UPLOADS_PREFIX}*`)],
      }),
    );
  }
  // Listing is an action on the bucket: held to keys under the uploads prefix by a condition.
  if (access.includes('ListBucket')) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${UPLOADS_PREFIX}*`] } },
      }),
    );
  }
}

/** Exactly the Cognito admin calls the route declares, on this user pool only. */
export function bindUserPool(grantee: IGrantable, userPool: IUserPool, access: UserPoolAccess): void {
  if (access === 'none') return;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: access.map((action) => `cognito-idp:${action}`),
      resources: [userPool.userPoolArn],
    }),
  );
}

/** Exactly the route's Bedrock actions, on the one foundation model it drafts with (in the stack's region). */
export function bindModel(grantee: IGrantable, modelArn: string, actions: readonly ModelAction[]): void {
  grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: actions.map((action) => `bedrock:${action}`), resources: [modelArn] }));
}
