// `npm run test:ci` (CI, on a 2-core machine): the README's checks in order, stopping at the first that fails, and
// what each took. Lint and the type checks are single-threaded, so they run side by side; the unit and integration
// suites run two Jest workers (Jest's default on two cores is one), the browser tests one (they share a seeded stack).
import { spawn } from 'node:child_process';

type Step = string | string[];

const STEPS: Step[] = [
  ['npm run lint', 'npm run typecheck'],
  'npm run test:unit -- --maxWorkers=2',
  'npm run build',
  'npx jest --selectProjects build integration --maxWorkers=2',
  'npm run test:deployed:local',
  'npx jest --config jest.e2e.config.ts',
  'npm run synth',
];

const run = (command: string) =>
  new Promise<number>((resolve) => {
    spawn(command, { shell: true, stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1));
  });

async function main(): Promise<number> {
  const times: string[] = [];
  for (const step of STEPS) {
    const commands = [step].flat();
    const started = Date.now();
    const codes = await Promise.all(commands.map(run));
    times.push(`${Math.round((Date.now() - started) / 1000)} s  ${commands.join(' & ')}`);
    const failed = codes.findIndex((code) => code !== 0);
    if (failed >= 0) {
      console.error(`\ntest:ci: "${commands[failed]}" failed (exit ${codes[failed]}) after:\n${times.join('\n')}`);
      return codes[failed];
    }
  }
  console.log(`\ntest:ci took:\n${times.join('\n')}`);
  return 0;
}

void main().then((code) => process.exit(code));
