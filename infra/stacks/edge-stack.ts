// CloudFront's alarms. CloudFront publishes its metrics in us-east-1 only, and an alarm can watch only its own region's
// metrics and notify only its own region's topics, so this stack lives in us-east-1 (like the optional WAF) with its
// own topic. It reads the distribution's id from the SSM parameter the Web stack writes there and deploys after it.
import { CfnOutput, CfnParameter, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import { distributionIdParameterName } from '../stage';

/** CloudFront's metrics and therefore its alarms: us-east-1 whatever the app's region. */
export const EDGE_REGION = 'us-east-1';

export const EDGE_ALARM_THRESHOLDS = {
  /** Percentage of viewer requests answered 5xx over 5 minutes, two periods in a row. */
  serverErrorRatePercent: 5,
  /** Requests in 5 minutes below which the rate is not judged (a few failures of a handful of requests is noise). */
  minimumRequests: 20,
} as const;

export interface EdgeStackProps extends StackProps {
  stage: string;
}

export class EdgeStack extends Stack {
  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description: "E-mail address that receives CloudFront's alarms (confirm the subscription e-mail SNS sends); leave empty to subscribe later.",
      default: '',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'must be empty or an e-mail address',
    });
    const alarms = new AlarmTopic(this, { alarmEmail: alarmEmail.valueAsString, displayName: `Learning Paths CloudFront alarms (${props.stage})` });
    const distributionId = StringParameter.valueForStringParameter(this, distributionIdParameterName(props.stage));
    const period = Duration.minutes(5);
    const metric = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap: { DistributionId: distributionId, Region: 'Global' }, period, statistic });
    const { serverErrorRatePercent, minimumRequests } = EDGE_ALARM_THRESHOLDS;
    alarms.alarm(this, 'CloudFrontServerErrorRate', 'CloudFrontServerErrorRate', {
      alarmDescription: `More than ${serverErrorRatePercent}% of CloudFront's responses (the app and /api/*) were 5xx for 10 minutes.`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minimumRequests}, rate, 0)`,
        usingMetrics: { requests: metric('Requests', 'Sum'), rate: metric('5xxErrorRate', 'Average') },
        period,
        label: 'CloudFront 5xx rate (%)',
      }),
      threshold: serverErrorRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: alarms.topic.topicArn,
      description: "SNS topic of CloudFront's alarms, in us-east-1 (subscribe with aws sns subscribe --region us-east-1, README).",
    });
  }
}
