// A local stack in a process of its own, on the data directory given as its argument, for tests that kill it
// (SIGKILL, as a crash would) and then open its data again. Prints `READY <stack config as JSON>` once it serves.
import '@local/quiet-aws-sdk-notices';
import { startLocalStack } from '@local/stack';

startLocalStack({ dataDir: process.argv[2], seed: false }).then(
  ({ config }) => process.stdout.write(`READY ${JSON.stringify(config)}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
