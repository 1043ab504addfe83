// Entry point for `npx cdk synth|deploy`: the whole product, checked by cdk-nag.
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../constructs/bundling';
import { addLearningPaths } from '../learning-paths';

const app = new App();
addLearningPaths(app, {
  webDistPath: path.join(REPO_ROOT, 'web', 'dist'),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
