// Stateful resources: the single table, the upload bucket and the access-log bucket. All are retained on delete.
// After a point-in-time restore (`npm run restore`) the stage's `tableName` names the restored table, which the API
// then uses (`servedTable`); the stack keeps its own table, retained, beside it (docs/decisions/infrastructure/restored-table.md).
import { Duration, RemovalPolicy, Stack, type StackProps, CfnOutput } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { DATA_EXPORT_KEPT_DAYS, FUNCTION_FILES_PREFIX, storedFilesPrefix } from '../../shared/storage';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { TABLE_KEYS, TABLE_TIME_TO_LIVE_ATTRIBUTE } from '../../shared/table';
import { settingsOf } from '../stage-settings';

export class DataStack extends Stack {
  /** The table this stack created (and keeps, whatever the API uses). */
  readonly table: TableV2;
  /** The table the API uses: this stack's, or the restored one the stage's `tableName` names. */
  readonly servedTable: ITableV2;
  readonly uploadsBucket: Bucket;
  /** Receives S3 server access logs and CloudFront standard logs (delivered through ACLs, hence ACLs stay enabled). */
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const { byOwnerIndex } = TABLE_KEYS;
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: [
        {
          indexName: byOwnerIndex.name,
          partitionKey: { name: byOwnerIndex.partitionKey, type: AttributeType.STRING },
          sortKey: { name: byOwnerIndex.sortKey, type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        },
      ],
      timeToLiveAttribute: TABLE_TIME_TO_LIVE_ATTRIBUTE,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const { tableName } = settingsOf(this);
    this.servedTable = tableName === null ? this.table : TableV2.fromTableAttributes(this, 'RestoredTable', { tableName, grantIndexPermissions: true });

    this.accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CORS for the app origin is applied by the web stack once the CloudFront domain exists (see WebStack):
    // stating it here would make this stateful stack depend on the stateless one that depends on it.
    this.uploadsBucket = new Bucket(this, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: storedFilesPrefix('uploadsAccessLog'),
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-replaced-and-deleted-versions', noncurrentVersionExpiration: Duration.days(30) },
        // A person's data export is fetched within minutes through a short-lived link; its zip, a copy of personal data, goes soon after.
        {
          id: 'expire-data-exports',
          prefix: storedFilesPrefix('dataExport'),
          expiration: Duration.days(DATA_EXPORT_KEPT_DAYS),
          noncurrentVersionExpiration: Duration.days(DATA_EXPORT_KEPT_DAYS),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront's files behaviour reads stored files under the functions' prefix through origin access control (signed
    // URLs only, checked at the edge). Any distribution of this account: the Web stack's distribution is made after this
    // stack, which cannot name it (docs/decisions/infrastructure/file-links-through-cloudfront.md).
    this.uploadsBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsFileLinks',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.uploadsBucket.arnForObjects(`${FUNCTION_FILES_PREFIX}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    // "Object Created" events go to EventBridge, where the Api stack's rule starts text extraction. Set on the bucket
    // resource itself: the construct's `eventBridgeEnabled` would add a custom resource and its Lambda to do the same.
    (this.uploadsBucket.node.defaultChild as CfnBucket).notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };

    // The stack's interface to the Api and Web stacks, exported whether or not it is imported today (docs/decisions/infrastructure/strong-export-deadlock.md).
    for (const value of [
      this.table.tableName,
      this.table.tableArn,
      this.uploadsBucket.bucketName,
      this.uploadsBucket.bucketArn,
      this.uploadsBucket.bucketRegionalDomainName,
      this.uploadsBucket.bucketDomainName,
      this.accessLogsBucket.bucketRegionalDomainName,
    ]) {
      this.exportValue(value);
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: "The table this stack created (the API's unless the stage's tableName names a restored one)" });
    new CfnOutput(this, 'ServedTableName', { value: this.servedTable.tableName, description: 'The table the API uses' });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
    new CfnOutput(this, 'AccessLogsBucketName', { value: this.accessLogsBucket.bucketName });
  }
}
