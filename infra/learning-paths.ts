// Composes the stage's stacks and applies cdk-nag; bin/app.ts and the tests build the app through this one function.
import { Aspects, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack, type ApiStackProps } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack, EDGE_REGION } from './stacks/edge-stack';
import { WafStack, WAF_REGION } from './stacks/waf-stack';
import { WebStack } from './stacks/web-stack';
import { stackNames, stageOf } from './stage';
import { settingsOf } from './stage-settings';

export interface LearningPathsProps {
  /** Directory of the built SPA. */
  webDistPath: string;
  env?: Environment;
  /** The API's routes, if not the route table's (the limits test deploys a larger, generated table). */
  routes?: ApiStackProps['routes'];
}

export function addLearningPaths(app: App, props: LearningPathsProps) {
  const { env } = props;
  const stage = stageOf(app);
  const names = stackNames(stage);
  const data = new DataStack(app, names.data, { env, description: 'Learning Paths: table and file storage (retained)' });
  const auth = new AuthStack(app, names.auth, { env, description: 'Learning Paths: users, groups and sign-in', table: data.servedTable });
  const api = new ApiStack(app, names.api, {
    env,
    stage,
    description: 'Learning Paths: HTTP API and one function per route',
    table: data.servedTable,
    uploadsBucket: data.uploadsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    routes: props.routes,
  });
  const waf = settingsOf(app).waf ? addWaf(app, names.waf, stage, env) : undefined;
  const web = new WebStack(app, names.web, {
    env,
    stage,
    // The web ACL's ARN comes from us-east-1 (CDK writes and reads it through SSM parameters).
    crossRegionReferences: waf !== undefined,
    webAclArn: waf?.webAclArn,
    description: 'Learning Paths: CloudFront, the web app and its runtime config',
    webDistPath: props.webDistPath,
    apiDomainName: api.apiDomainName,
    originVerify: api.originVerify,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    schoolSignIn: auth.schoolSignIn?.webConfig,
    uploadsBucket: data.uploadsBucket,
    fileLinkKeyGroup: api.fileLinkKeys.keyGroup,
    accessLogsBucket: data.accessLogsBucket,
    frameAncestorsStore: api.frameAncestorsStore,
  });
  // The secret is read by name, which makes no reference: the Web stack deploys after the Api stack that creates it.
  web.addStackDependency(api);
  const edge = new EdgeStack(app, names.edge, {
    env: { account: env?.account, region: EDGE_REGION },
    stage,
    description: "Learning Paths: CloudFront's alarms and their topic (us-east-1, where CloudFront's metrics are)",
  });
  // The alarm reads the distribution id the Web stack writes.
  edge.addStackDependency(web);
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { data, auth, api, web, edge, ...(waf && { waf }) };
}

function addWaf(app: App, stackName: string, stage: string, env: Environment | undefined): WafStack {
  if (!env?.region || !env.account) {
    throw new Error(
      '-c waf=true needs the account and region to deploy to (CloudFront web ACLs live in us-east-1 and the Web stack reads the ACL across regions): run with AWS credentials for the target account.',
    );
  }
  return new WafStack(app, stackName, {
    env: { account: env.account, region: WAF_REGION },
    stage,
    crossRegionReferences: true,
    description: 'Learning Paths: optional WAF web ACL for CloudFront (rate limit per IP on the API)',
  });
}
