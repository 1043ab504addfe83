// The SNS topic a region's alarms notify: encrypted with a key of its own (CloudWatch cannot publish to a topic under
// the AWS managed SNS key), which only this account's alarms in this region may use, and an optional e-mail
// subscriber. Each region with alarms has one (the API's region; us-east-1 for CloudFront's, EdgeStack), since an
// alarm can only notify a topic of its own region.
import { CfnCondition, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type CfnSubscription, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** How an alarm's description names its runbook entry: the path and the anchor of its heading. */
export const runbookReference = (entry: string) => `Runbook: docs/runbook.md#${entry.toLowerCase()}`;

export type AlarmSettings = ConstructorParameters<typeof Alarm>[2];

export interface AlarmTopicProps {
  /** Where notifications go (a deploy parameter's value); empty: no subscription, subscribe later. */
  alarmEmail: string;
  /** The topic's display name, the sender name of its e-mails. */
  displayName: string;
}

/**
 * Not a construct of its own: its resources are the scope's children (ids `TopicKey`, `AlarmTopic`), so the API's
 * topic kept its logical ids, its ARN and its confirmed subscribers when this was moved out of ApiMonitoring.
 */
export class AlarmTopic {
  readonly topic: Topic;
  private readonly notify: SnsAction;

  constructor(scope: Construct, props: AlarmTopicProps) {
    const { account, region, partition } = Stack.of(scope);
    /** Only this account's alarms: no other account's alarm can use the key or post to the topic. */
    const fromThisAccountsAlarms = {
      StringEquals: { 'aws:SourceAccount': account },
      ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
    };
    // It holds no data (the messages are transient), so it goes with the stack, after KMS's shortest waiting period.
    const key = new Key(scope, 'TopicKey', {
      enableKeyRotation: true,
      description: 'Learning Paths alarm notifications',
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToEncrypt',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: fromThisAccountsAlarms,
      }),
    );
    this.topic = new Topic(scope, 'AlarmTopic', { displayName: props.displayName, masterKey: key, enforceSSL: true });
    // A topic policy replaces SNS's default one, so CloudWatch may publish only if this statement says so.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: fromThisAccountsAlarms,
      }),
    );
    const hasAlarmEmail = new CfnCondition(scope, 'HasAlarmEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(props.alarmEmail, '')),
    });
    const subscription = this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    (subscription.node.defaultChild as CfnSubscription).cfnOptions.condition = hasAlarmEmail;
    this.notify = new SnsAction(this.topic);
  }

  /** An alarm whose description ends with its entry in docs/runbook.md (a `## <entry>` heading), notifying the topic when it fires and clears. */
  alarm(scope: Construct, alarmId: string, runbookEntry: string, settings: AlarmSettings): Alarm {
    const created = new Alarm(scope, alarmId, {
      treatMissingData: TreatMissingData.NOT_BREACHING,
      ...settings,
      alarmDescription: `${settings.alarmDescription} ${runbookReference(runbookEntry)}`,
    });
    created.addAlarmAction(this.notify);
    created.addOkAction(this.notify);
    return created;
  }
}
