// `npm run test:ci` (CI, on a 2-core machine): the README's checks, and what each took. Lint and the type checks
// (single-threaded) side by side, then the unit tests, the build and the integration tests, each using both cores;
// then the browser tests (one Jest worker, one seeded stack; printing as they go) beside a lane that runs the
// deployed-stack tests and synth, each printed whole when it ends so the two never interleave. The first failure
// stops everything. The integration tests stay out of the lanes: beside the browser tests they took 1,174 s instead
// of 437 s, and a stack restart in them timed out (docs/decisions/tests/ci-browser-tests-beside-deploy-checks.md).
import { spawn, type ChildProcess } from 'node:child_process';

type Step = string | string[];

const BEFORE_LANES: Step[] = [
  ['npm run lint', 'npm run typecheck'],
  'npm run test:unit',
  'npm run build',
  'npx jest --selectProjects build integration --maxWorkers=2',
];
// Screenshots are for people walking the screens; nobody sees them in CI (test/e2e/support/browser.ts).
const BROWSER_LANE: Step[] = ['E2E_SCREENSHOTS=off npx jest --config jest.e2e.config.ts'];
const CHECKS_LANE: Step[] = ['npm run test:deployed:local', 'npm run synth'];

const running = new Set<ChildProcess>();
let stopping = false;

/** Runs one command; its output goes straight through, or is held and printed whole when it ends. */
function run(command: string, held: boolean): Promise<number> {
  return new Promise((resolve) => {
    // Its own process group, so that stopping it stops what it started (Jest workers, the browser, local stacks).
    const child = spawn(command, { shell: true, detached: true, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (held) process.stdout.write(`\n──── ${command} ────\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function stopAll() {
  stopping = true;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

interface StepResult {
  line: string;
  failed?: { command: string; code: number };
}

async function runStep(step: Step, held: boolean): Promise<StepResult> {
  const commands = [step].flat();
  const started = Date.now();
  const codes = await Promise.all(commands.map((command) => run(command, held)));
  const line = `${Math.round((Date.now() - started) / 1000)} s  ${commands.join(' & ')}`;
  const failed = codes.findIndex((code) => code !== 0);
  return failed >= 0 ? { line, failed: { command: commands[failed], code: codes[failed] } } : { line };
}

/** The lane's steps in order; a failure stops every lane. */
async function runLane(steps: Step[], held: boolean, times: string[]): Promise<StepResult['failed']> {
  for (const step of steps) {
    if (stopping) return undefined;
    const result = await runStep(step, held);
    times.push(result.line);
    if (result.failed && !stopping) {
      stopAll();
      return result.failed;
    }
  }
  return undefined;
}

async function main(): Promise<number> {
  const started = Date.now();
  // The project's own Node (the pinned `node` package, first on npm scripts' PATH), not the one that ran npm.
  console.log(`test:ci on Node ${process.version}`);
  const times: string[] = [];
  const before = await runLane(BEFORE_LANES, false, times);
  const failures = before
    ? [before]
    : (await Promise.all([runLane(BROWSER_LANE, false, times), runLane(CHECKS_LANE, true, times)])).filter((failure) => failure !== undefined);
  const total = `${Math.round((Date.now() - started) / 1000)} s  in all`;
  if (failures.length > 0) {
    const [{ command, code }] = failures;
    console.error(`\ntest:ci: "${command}" failed (exit ${code}); everything else was stopped or not started. Times:\n${times.join('\n')}\n${total}`);
    return code;
  }
  console.log(`\ntest:ci took:\n${times.join('\n')}\n${total}`);
  return 0;
}

void main().then((code) => process.exit(code));
