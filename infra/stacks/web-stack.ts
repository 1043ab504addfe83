// The front door: one CloudFront distribution serving the built SPA from a private bucket and /api/* from the HTTP
// API, with security headers on every response, plus the runtime /config.json the web app reads.
import { Annotations, CfnOutput, CfnResource, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  type IKeyGroup,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  type IKeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { HASHED_ASSETS_DIR, spaRoutingFunctionSource, WEB_CACHE_CONTROL } from '../../shared/web-delivery';
import {
  contentSecurityPolicy,
  DOCUMENT_FRAME_CONTENT_SECURITY_POLICY,
  DOCUMENT_FRAME_PATH,
  frameAncestorsFunctionSource,
  HSTS_MAX_AGE_SECONDS,
  LTI_DEEP_LINK_PAGE_PREFIX,
  ltiDeepLinkPageFormTargets,
  PERMISSIONS_POLICY,
  type InlineHashes,
} from '../../shared/security-headers';
import { appOriginFunctionSource, ORIGIN_VERIFY_HEADER, originVerifyKey } from '../../shared/edge';
import { FILE_LINK_PATH_PATTERN, FILE_LINK_RESPONSE_OVERRIDES, storedFilesPrefix } from '../../shared/storage';
import { LTI_PATH_PATTERN } from '../../shared/lti';
import type { OriginVerifySettings } from '../constructs/route-function';
import { readInlineHashes } from '../inline-hashes';
import { distributionIdParameterName } from '../stage';
import { settingsOf } from '../stage-settings';
import { EDGE_REGION } from './edge-stack';
import type { WebConfig } from '../../shared/web-config';

export interface WebStackProps extends StackProps {
  stage: string;
  /** Directory of the built SPA (`npm run build` writes web/dist). */
  webDistPath: string;
  /** Host name of the HTTP API's default endpoint. */
  apiDomainName: string;
  /** The secret whose value of this generation is sent to the API in the origin-verify header. */
  originVerify: OriginVerifySettings;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The hosted sign-in's domain and the school's providers the login pages offer; absent: password sign-in only. */
  schoolSignIn?: WebConfig['schoolSignIn'];
  uploadsBucket: IBucket;
  /** The public keys whose signatures the files behaviour accepts (the Api stack's file link keys). */
  fileLinkKeyGroup: IKeyGroup;
  accessLogsBucket: IBucket;
  /** The optional WAF web ACL (`-c waf=true`, WafStack in us-east-1). */
  webAclArn?: string;
  /** The registered LMSs' frame-ancestors, which the Api stack's platform routes publish. */
  frameAncestorsStore: IKeyValueStore;
}

export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      // Holds only the build output, which every deploy uploads again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    NagSuppressions.addResourceSuppressions(siteBucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'SiteBucket is read only by CloudFront through origin access control; the distribution access logs record every request for it.',
      },
    ]);

    const inlineHashes = readInlineHashes(props.webDistPath, { required: true });
    const securityHeaders = this.securityHeadersPolicy('SecurityHeaders', {
      comment: 'Learning Paths: CSP, HSTS, nosniff, referrer policy, no framing (but by the LMSs: FrameAncestors)',
      contentSecurityPolicy: this.contentSecurityPolicy(props.uploadsBucket, inlineHashes),
      frameOption: HeadersFrameOption.DENY,
    });
    // The LTI deep linking page posts the teacher's choice to the school's LMS: forms may go to any https origin.
    const ltiDeepLinkPageHeaders = this.securityHeadersPolicy('LtiDeepLinkPageHeaders', {
      comment: 'Learning Paths: the LTI deep linking page (the app policy, forms posted to the LMS)',
      contentSecurityPolicy: this.contentSecurityPolicy(props.uploadsBucket, inlineHashes, ltiDeepLinkPageFormTargets(true)),
      frameOption: HeadersFrameOption.DENY,
    });
    // The reader's document frame: its own policy, framed by the app's pages only (shared/security-headers.ts).
    const documentFrameHeaders = this.securityHeadersPolicy('DocumentFrameHeaders', {
      comment: 'Learning Paths: the reader document frame (its own CSP, framed by the app only)',
      contentSecurityPolicy: DOCUMENT_FRAME_CONTENT_SECURITY_POLICY,
      frameOption: HeadersFrameOption.SAMEORIGIN,
    });

    // The LTI pages are framed by the school's LMS: no X-Frame-Options, and the page's own CSP (frame-ancestors) stays.
    const ltiHeaders = new ResponseHeadersPolicy(this, 'LtiHeaders', {
      comment: 'Learning Paths: the LTI tool endpoints (framed by the LMS; CSP from the page)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
    // The HTTP API, which proves the request came through CloudFront with the origin-verify header (shared/edge.ts).
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // Replaces a header of that name from the viewer.
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(props.originVerify.secretName, {
          jsonField: originVerifyKey(props.originVerify.generation),
        }).unsafeUnwrap(),
      },
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      comment: 'Serves prerendered pages and index.html for app routes (paths without a file extension)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRoutingFunctionSource()),
    });

    const appOrigin = new CloudFrontFunction(this, 'AppOrigin', {
      comment: 'Tells the LTI endpoints the origin the viewer reached (the API sees its own host)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(appOriginFunctionSource()),
    });

    // The registered LMSs may frame the app's pages: after the response headers policy (whose headers the function
    // sees), frame-ancestors 'none' becomes the LMSs' origins (docs/decisions/lti/framed-in-the-lms.md).
    const frameAncestors = new CloudFrontFunction(this, 'FrameAncestors', {
      comment: 'Lets the registered LMSs frame the app pages (frame-ancestors from the key value store)',
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: props.frameAncestorsStore,
      code: FunctionCode.fromInline(frameAncestorsFunctionSource()),
    });
    const pageFunctions = [
      { function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST },
      { function: frameAncestors, eventType: FunctionEventType.VIEWER_RESPONSE },
    ];

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);
    // Stored files, read through origin access control. The bucket is taken by its attributes: its policy grant to
    // CloudFront is the Data stack's own (a grant naming this distribution would make the Data stack depend on this one).
    const filesOrigin = S3BucketOrigin.withOriginAccessControl(
      Bucket.fromBucketAttributes(this, 'UploadsBucket', {
        bucketArn: props.uploadsBucket.bucketArn,
        bucketName: props.uploadsBucket.bucketName,
        bucketRegionalDomainName: props.uploadsBucket.bucketRegionalDomainName,
      }),
    );
    // A signed URL differs per window and reader: cached by the path and the response overrides S3 answers with, never
    // by the signature (CloudFront checks it before the cache).
    const filesCache = new CachePolicy(this, 'FileLinksCache', {
      comment: 'Learning Paths: stored files by key and response overrides (signed URLs checked at the edge)',
      queryStringBehavior: CacheQueryStringBehavior.allowList(...FILE_LINK_RESPONSE_OVERRIDES),
      defaultTtl: Duration.days(1),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Learning Paths',
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: storedFilesPrefix('cloudFrontLog'),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: pageFunctions,
        compress: true,
      },
      additionalBehaviors: {
        [DOCUMENT_FRAME_PATH]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: documentFrameHeaders,
          compress: true,
        },
        // The page's HTML as the default behaviour serves it (the routing function), under its own policy.
        [`${LTI_DEEP_LINK_PAGE_PREFIX}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: ltiDeepLinkPageHeaders,
          functionAssociations: pageFunctions,
          compress: true,
        },
        // Stored files, by file link only (functions/src/uploads/adapters/file-links.ts): a signed URL of the trusted key group.
        [FILE_LINK_PATH_PATTERN]: {
          origin: filesOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: filesCache,
          trustedKeyGroups: [props.fileLinkKeyGroup],
          responseHeadersPolicy: securityHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization, query strings and cookies; Host stays the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
        // The LTI tool's public endpoints: an LMS sends the browser here with a query or a form post (so every method
        // and the body's content type reach the function) and frames the pages, which set their own CSP.
        [LTI_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ltiHeaders,
          functionAssociations: [{ function: appOrigin, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "The upload bucket's grant to CloudFront is in the Data stack's own bucket policy.",
    );
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Distribution: the platform serves schools wherever they are; there is no country to block.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'Distribution: the WAF web ACL is optional (-c waf=true; a fixed monthly cost, README); every API route requires a Cognito JWT and the API stage and routes are throttled.',
            },
          ]),
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Distribution: uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum viewer TLS policy; a custom domain with its own certificate would set TLSv1.2_2021.',
      },
    ]);
    this.appUrl = `https://${this.distribution.distributionDomainName}`;

    // The deploy-time handlers (site sync, CORS call) log here rather than to never-expiring default groups.
    const deployLogs = new LogGroup(this, 'DeployTimeLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.logDeployHandlersTo(deployLogs);
    this.deploySite(props, siteBucket, deployLogs);
    this.allowUploadsFromApp(props.uploadsBucket, deployLogs);
    this.publishDistributionId(props.stage, deployLogs);
    this.suppressCdkManagedHandlers();

    new CfnOutput(this, 'AppUrl', { value: this.appUrl, description: 'Open this to use the app' });
  }

  private securityHeadersPolicy(
    id: string,
    { comment, contentSecurityPolicy, frameOption }: { comment: string; contentSecurityPolicy: string; frameOption: HeadersFrameOption },
  ): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });
  }

  /** The shared policy (shared/security-headers.ts) with this region's Cognito and the upload bucket's hosts. */
  private contentSecurityPolicy(uploadsBucket: IBucket, inlineHashes: InlineHashes, formTargets: string[] = []): string {
    return contentSecurityPolicy(
      {
        inlineHashes,
        identity: [`https://cognito-idp.${this.region}.${this.urlSuffix}`],
        // Presigned upload URLs name the bucket's regional (or legacy global) virtual-host endpoint.
        files: [`https://${uploadsBucket.bucketRegionalDomainName}`, `https://${uploadsBucket.bucketDomainName}`],
        https: true,
      },
      { formTargets },
    );
  }

  /**
   * Hashed build assets are cached for a year; everything else (index.html, config.json, public files) is
   * revalidated on each load, so a deploy takes effect at once. The two syncs touch disjoint keys. The values live in
   * shared/web-delivery.ts, which the local server serves by too.
   */
  private deploySite(props: WebStackProps, siteBucket: Bucket, logGroup: ILogGroup): void {
    const webConfig = {
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '',
      schoolTimeZone: settingsOf(this).schoolTimeZone,
      ...(props.schoolSignIn && { schoolSignIn: props.schoolSignIn }),
    } satisfies WebConfig;

    // The build's source maps (hidden: no sourceMappingURL in the chunks) stay a build artifact, never public.
    const webBuild = () => Source.asset(props.webDistPath, { exclude: ['**/*.map'] });
    new BucketDeployment(this, 'DeployAssets', {
      sources: [webBuild()],
      destinationBucket: siteBucket,
      logGroup,
      exclude: ['*'],
      include: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [CacheControl.fromString(WEB_CACHE_CONTROL.hashedAsset)],
    });
    new BucketDeployment(this, 'DeployEntry', {
      sources: [webBuild(), Source.jsonData('config.json', webConfig)],
      destinationBucket: siteBucket,
      logGroup,
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [CacheControl.fromString(WEB_CACHE_CONTROL.entry)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
  }

  /**
   * The browser PUTs presigned URLs straight to the upload bucket (it reads files through the files behaviour), so the
   * bucket must allow the app's origin. The origin is only known once the distribution exists, which depends on the
   * API, which depends on the bucket: the CORS rule is therefore written from here rather than declared in the data
   * stack.
   */
  private allowUploadsFromApp(uploadsBucket: IBucket, logGroup: ILogGroup): void {
    const putCors = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: {
        Bucket: uploadsBucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [this.appUrl],
              AllowedMethods: ['PUT'],
              AllowedHeaders: ['*'],
              // A multipart upload completes with each part's ETag.
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${uploadsBucket.bucketName}-cors`),
    };
    new AwsCustomResource(this, 'UploadsCors', {
      onCreate: putCors,
      onUpdate: putCors,
      onDelete: { service: 'S3', action: 'DeleteBucketCors', parameters: { Bucket: uploadsBucket.bucketName } },
      // PutBucketCors and DeleteBucketCors are both authorised by s3:PutBucketCORS.
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [uploadsBucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
      logGroup,
    });
  }

  /**
   * The site bucket's auto-delete handler (a CDK custom resource provider, which takes no log group) would log to a
   * /aws/lambda/ group created on first use, kept forever and left behind by a teardown: it logs to the deploy-time
   * group instead (its role's AWSLambdaBasicExecutionRole may write to any group).
   */
  private logDeployHandlersTo(logGroup: LogGroup): void {
    for (const child of this.node.findAll()) {
      if (child instanceof CfnResource && child.cfnResourceType === 'AWS::Lambda::Function' && child.node.path.includes('AutoDeleteObjectsCustomResourceProvider')) {
        child.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
      }
    }
  }

  /**
   * Writes the distribution's id to an SSM parameter in us-east-1, where the Edge stack's CloudFront alarm reads it
   * (CloudFront's metrics are there). CDK's own cross-region references need the account and region at synth time,
   * which an environment-agnostic `npm run synth` does not have.
   */
  private publishDistributionId(stage: string, logGroup: ILogGroup): void {
    const name = distributionIdParameterName(stage);
    const put = {
      service: 'SSM',
      action: 'PutParameter',
      region: EDGE_REGION,
      parameters: { Name: name, Value: this.distribution.distributionId, Type: 'String', Overwrite: true, Description: 'The stage\'s CloudFront distribution (Web stack), for its alarms (Edge stack)' },
      physicalResourceId: PhysicalResourceId.of(name),
    };
    new AwsCustomResource(this, 'DistributionIdParameter', {
      onCreate: put,
      onUpdate: put,
      onDelete: { service: 'SSM', action: 'DeleteParameter', region: EDGE_REGION, parameters: { Name: name } },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['ssm:PutParameter', 'ssm:DeleteParameter'],
          resources: [Stack.of(this).formatArn({ service: 'ssm', region: EDGE_REGION, resource: 'parameter', resourceName: name.slice(1) })],
        }),
      ]),
      installLatestAwsSdk: false,
      logGroup,
    });
  }

  /**
   * Deploy-time Lambdas that aws-cdk-lib creates and owns (the BucketDeployment sync and the AwsCustomResource
   * call); their code, runtime and grants come with aws-cdk-lib.
   */
  private suppressCdkManagedHandlers(): void {
    for (const handler of this.node.findAll()) {
      const id = handler.node.id;
      const isSync = id.startsWith('Custom::CDKBucketDeployment');
      if (!isSync && !/^AWS[0-9a-f]{32}$/.test(id)) continue;
      const name = `${isSync ? 'BucketDeployment' : 'AwsCustomResource'} handler ${id}`;
      NagSuppressions.addResourceSuppressions(
        handler,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: `${name}: aws-cdk-lib gives its deploy-time handler AWSLambdaBasicExecutionRole for its own CloudWatch logs.`,
            appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
          },
          ...(isSync
            ? [
                {
                  id: 'AwsSolutions-L1',
                  reason: `${name}: the sync runs on the Python runtime aws-cdk-lib pins for it (it wraps the AWS CLI); it moves with aws-cdk-lib upgrades.`,
                },
                {
                  id: 'AwsSolutions-IAM5',
                  reason:
                    `${name}: aws-cdk-lib's grant for the sync: read of the CDK asset bucket's objects, read/write/delete of every ` +
                    'key in the site bucket it mirrors, and CloudFront invalidation (granted on * by aws-cdk-lib).',
                  appliesTo: [
                    { regex: '/^Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\\*$/' },
                    { regex: '/^Resource::arn:(<AWS::Partition>|aws[a-z-]*):s3:::cdk-[a-z0-9]+-assets-.+\\/\\*$/' },
                    { regex: '/^Resource::<SiteBucket[0-9A-F]+\\.Arn>\\/\\*$/' },
                    'Resource::*',
                  ],
                },
              ]
            : []),
        ],
        true,
      );
    }
  }
}
