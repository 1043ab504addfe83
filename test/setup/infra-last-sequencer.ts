// The order Jest starts test files in: its own (failed first, then slowest first), except that the infra project's
// files come last. They read the CDK syntheses a process of their own builds beside the run
// (infra/test/synthesis-cache.ts), and started first, as Jest starts its slowest files, they held both workers idle
// for their first 20 s, waiting; after the other files, they find them built.
import Sequencer from '@jest/test-sequencer';
import type { Test } from '@jest/test-result';

const isInfra = (test: Test) => test.context.config.displayName?.name === 'infra';

export default class InfraLastSequencer extends Sequencer {
  override async sort(tests: Array<Test>): Promise<Array<Test>> {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !isInfra(test)), ...sorted.filter(isInfra)];
  }
}
