// Composes the four stacks and applies cdk-nag; bin/app.ts and the tests build the app through this one function.
import { Aspects, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

export interface LearningPathsProps {
  /** Directory of the built SPA. */
  webDistPath: string;
  env?: Environment;
}

export const STACK_NAMES = {
  data: 'LearningPaths-Data',
  auth: 'LearningPaths-Auth',
  api: 'LearningPaths-Api',
  web: 'LearningPaths-Web',
} as const;

export function addLearningPaths(app: App, props: LearningPathsProps) {
  const { env } = props;
  const data = new DataStack(app, STACK_NAMES.data, { env, description: 'Learning Paths: table and file storage (retained)' });
  const auth = new AuthStack(app, STACK_NAMES.auth, { env, description: 'Learning Paths: users, groups and sign-in' });
  const api = new ApiStack(app, STACK_NAMES.api, {
    env,
    description: 'Learning Paths: HTTP API and one function per route',
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const web = new WebStack(app, STACK_NAMES.web, {
    env,
    description: 'Learning Paths: CloudFront, the web app and its runtime config',
    webDistPath: props.webDistPath,
    apiDomainName: api.apiDomainName,
    originVerifySecret: api.originVerifySecret,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    uploadsBucket: data.uploadsBucket,
    accessLogsBucket: data.accessLogsBucket,
  });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { data, auth, api, web };
}
