// The optional WAF (`-c waf=true`): a CloudFront web ACL in us-east-1 with a rate-based rule per client IP on the API,
// attached to the distribution across regions; off by default, and the app says why it cannot be built without an
// account and region.
import { App } from 'aws-cdk-lib';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { addLearningPaths } from '../learning-paths';
import { CALLER_RATE_LIMIT } from '../../shared/constants';
import { DEFAULT_WAF_TOKEN_RATE_LIMIT } from '../stacks/waf-stack';
import { loadStageSettings } from '../stage-settings';
import { synthesize, type Synthesized } from './synthesize';

const nagFindings = (messages: SynthesisMessage[] = []) =>
  messages
    .filter((m) => m.level === 'error' || m.level === 'warning')
    .map((m) => `${m.id}: ${String(m.entry.data)}`)
    .filter((text) => text.includes('AwsSolutions-'));

describe('with -c waf=true', () => {
  let app: Synthesized;
  beforeAll(() => {
    app = synthesize({ region: 'eu-west-1', account: '123456789012', context: { waf: 'true' } });
  }, 120_000);
  afterAll(() => app.cleanup());

  test('a CloudFront web ACL in us-east-1 blocks an IP, or an access token, that sends too many API requests in 5 minutes', () => {
    const waf = app.templates.waf!;
    const [acl] = Object.values(waf.findResources('AWS::WAFv2::WebACL'));
    // The two rate rules come first; the managed rule groups follow (next test).
    expect({ ...acl.Properties, Rules: acl.Properties.Rules.slice(0, 2) }).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        {
          Name: 'api-rate-per-ip',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              Limit: loadStageSettings('prod').wafRateLimit,
              EvaluationWindowSec: 300,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' } },
            },
          },
        },
        {
          Name: 'api-rate-per-token',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              Limit: DEFAULT_WAF_TOKEN_RATE_LIMIT,
              EvaluationWindowSec: 300,
              AggregateKeyType: 'CUSTOM_KEYS',
              CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
              ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' } },
            },
          },
        },
      ],
    });
    // Above what the API's own per-caller limit lets one person send in the same 5 minutes.
    expect(DEFAULT_WAF_TOKEN_RATE_LIMIT).toBeGreaterThan(CALLER_RATE_LIMIT.requestsPerWindow * (300 / CALLER_RATE_LIMIT.windowSeconds));
    expect(JSON.stringify(waf.findResources('AWS::WAFv2::WebACL'))).not.toContain('eu-west-1');
  });

  test('the ACL runs the AWS managed rule groups (common, known bad inputs, IP reputation) and logs to a log group kept a month, tokens redacted', () => {
    const waf = app.templates.waf!;
    const [acl] = Object.values(waf.findResources('AWS::WAFv2::WebACL'));
    const managed = (acl.Properties.Rules as { Statement: { ManagedRuleGroupStatement?: { Name: string; VendorName: string } }; OverrideAction?: unknown }[])
      .filter((rule) => rule.Statement.ManagedRuleGroupStatement)
      .map((rule) => [rule.Statement.ManagedRuleGroupStatement!.VendorName, rule.Statement.ManagedRuleGroupStatement!.Name, rule.OverrideAction]);
    expect(managed).toEqual([
      ['AWS', 'AWSManagedRulesCommonRuleSet', { None: {} }],
      ['AWS', 'AWSManagedRulesKnownBadInputsRuleSet', { None: {} }],
      ['AWS', 'AWSManagedRulesAmazonIpReputationList', { None: {} }],
    ]);
    const [[logsId, logs]] = Object.entries(waf.findResources('AWS::Logs::LogGroup'));
    expect(logs).toMatchObject({ DeletionPolicy: 'Delete', Properties: { LogGroupName: 'aws-waf-logs-prod-learning-paths', RetentionInDays: 30 } });
    waf.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      LogDestinationConfigs: [{ 'Fn::GetAtt': [logsId, 'Arn'] }],
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
  });

  test("the ACL's ARN reaches the Web stack's region through CDK's cross-region export (an SSM parameter there), not a stack output", () => {
    const writer = Object.values(app.templates.waf!.findResources('Custom::CrossRegionExportWriter'))[0];
    expect(writer.Properties.WriterProps.region).toBe('eu-west-1');
    expect(Object.keys(writer.Properties.WriterProps.exports)).toEqual([expect.stringMatching(/^\/cdk\/exports\/prod-LearningPaths-Web\//)]);
    const distribution = Object.values(app.templates.web.findResources('AWS::CloudFront::Distribution'))[0];
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^ExportsReader/), expect.stringMatching(/^\/cdk\/exports\//)] });
  });

  test('the distribution uses the web ACL, and no stack has an unsuppressed cdk-nag finding', () => {
    const distribution = Object.values(app.templates.web.findResources('AWS::CloudFront::Distribution'))[0];
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
    for (const messages of Object.values(app.messages)) expect(nagFindings(messages)).toEqual([]);
  });
});

test('without the flag there is no WAF stack and the distribution has no web ACL', () => {
  const app = synthesize();
  try {
    expect(app.templates.waf).toBeUndefined();
    const distribution = Object.values(app.templates.web.findResources('AWS::CloudFront::Distribution'))[0];
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeUndefined();
  } finally {
    app.cleanup();
  }
}, 120_000);

test('-c waf=true without an account and region is refused with the reason', () => {
  const app = new App({ context: { waf: 'true', 'aws:cdk:bundling-stacks': [] } });
  expect(() => addLearningPaths(app, { webDistPath: 'web/dist', env: {} })).toThrow(/needs the account and region/);
});
