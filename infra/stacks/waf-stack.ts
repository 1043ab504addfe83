// Optional (`-c waf=true`): a WAF web ACL for the CloudFront distribution with rate-based rules on /api/*, per client
// IP and per access token. CloudFront's web ACLs live in us-east-1 whatever the app's region, so this is a stack of its own there and
// the Web stack reads the ACL's ARN across regions. Cost: README, "Optional WAF".
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { CALLER_RATE_LIMIT } from '../../shared/constants';
import { stageName } from '../stage';
import { settingsOf } from '../stage-settings';

/**
 * Requests to /api/* one access token (the Authorization header: WAF cannot read a JWT's claims, so the token stands
 * for its `sub`) may make in 5 minutes before WAF blocks it: twice what the API's own per-caller limit lets through,
 * so a person meets the API's 429 with its message first, and a flood with one token from many addresses stops here.
 */
export const DEFAULT_WAF_TOKEN_RATE_LIMIT = 2 * CALLER_RATE_LIMIT.requestsPerWindow * (300 / CALLER_RATE_LIMIT.windowSeconds);

/** CloudFront web ACLs must be created in this region. */
export const WAF_REGION = 'us-east-1';

/**
 * AWS managed rule groups on every request: common exploits, known bad inputs, IP addresses with a bad reputation.
 * The common set's 8 KB body limit only counts: a module or a check saved whole may be larger (files go to S3 directly).
 */
export const MANAGED_RULE_GROUPS: { name: string; excludedRules?: string[] }[] = [
  { name: 'AWSManagedRulesCommonRuleSet', excludedRules: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet' },
  { name: 'AWSManagedRulesAmazonIpReputationList' },
];

export interface WafStackProps extends StackProps {
  stage: string;
}

export class WafStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    // A whole school may share one address (NAT), so the limit is far above one person's use: 3,000 API requests in
    // 5 minutes is 10 a second, sustained, from one IP; a scripted flood from one address is cut off at the edge.
    const limit = settingsOf(this).wafRateLimit;
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName: stageName(props.stage, metricName), sampledRequestsEnabled: true });
    const onlyApi = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: '/api/',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Learning Paths: rate limits per client IP and per access token on the API, and AWS managed rule groups',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('learning-paths'),
      rules: [
        {
          name: 'api-rate-per-ip',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility('learning-paths-api-rate'),
          statement: {
            rateBasedStatement: {
              limit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: onlyApi,
            },
          },
        },
        {
          // Requests without the header are not counted here (the JWT authorizer refuses them anyway).
          name: 'api-rate-per-token',
          priority: 1,
          action: { block: {} },
          visibilityConfig: visibility('learning-paths-api-token-rate'),
          statement: {
            rateBasedStatement: {
              limit: DEFAULT_WAF_TOKEN_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
              scopeDownStatement: onlyApi,
            },
          },
        },
        ...MANAGED_RULE_GROUPS.map(({ name, excludedRules }, index) => ({
          name,
          priority: 2 + index,
          overrideAction: { none: {} },
          visibilityConfig: visibility(`learning-paths-${name}`),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ...(excludedRules && { ruleActionOverrides: excludedRules.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }),
            },
          },
        })),
      ],
    });
    this.webAclArn = acl.attrArn;

    // WAF logs only to a log group whose name starts with aws-waf-logs-; kept a month and removed with the stack.
    const logs = new LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-${stageName(props.stage, 'learning-paths')}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: acl.attrArn,
      logDestinationConfigs: [logs.logGroupArn],
      // Requests carry access tokens: never logged.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
  }
}
