// `npm run retention`: runs the school's retention now on the local stack (npm start runs it daily by itself), as the
// daily EventBridge rule does in AWS. `-- --now <instant>` runs it as if at that moment, to see what a later run
// would remove. Reads the stack from LOCAL_STACK (default .local/stack.json).
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeRetentionRun, runLocalRetention } from '../local/retention';
import type { StackConfig } from '../local/stack-config';

const USAGE = 'Usage: npm run retention [-- --now 2027-09-01T00:00:00Z]   (LOCAL_STACK=.local/stack.json by default)';

async function main(args: string[]): Promise<void> {
  const at = args[0] === '--now' ? new Date(args[1] ?? '') : args.length === 0 ? new Date() : undefined;
  if (!at || Number.isNaN(at.getTime())) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = JSON.parse(readFileSync(path.resolve(process.env.LOCAL_STACK ?? '.local/stack.json'), 'utf8')) as StackConfig;
  console.log(describeRetentionRun(await runLocalRetention(config, { now: () => at })));
}

void main(process.argv.slice(2));
