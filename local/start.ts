// `npm start`: the whole product on this machine, with data under .local/ kept across restarts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PortInUseError } from './listen';
import { describeRetentionRun, RETENTION_INTERVAL_MS, runLocalRetention } from './retention';
import { DataDirInUseError, startLocalStack } from './stack';
import { LOCAL_LMS_PORT } from './lti-platform/local-lms';

const REPO_ROOT = path.resolve(__dirname, '..');

function port(variable: string, fallback: number): number {
  const value = process.env[variable];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    console.error(`${variable}=${value} is not a port number.`);
    process.exit(1);
  }
  return parsed;
}

/** Always rebuilt (about a second), so the app served is the code in the tree. */
function buildWebApp(): void {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) console.warn('The web build failed; serving the previous build, if any.');
}

async function main(): Promise<void> {
  const ports = {
    app: port('PORT', 3000),
    cognito: port('COGNITO_PORT', 9229),
    cognitoSignIn: port('COGNITO_SIGN_IN_PORT', 9230),
    schoolSignIn: port('SCHOOL_SIGN_IN_PORT', 9231),
    dynamodb: port('DYNAMODB_PORT', 8000),
    s3: port('S3_PORT', 4569),
    ltiPlatform: port('LTI_PLATFORM_PORT', LOCAL_LMS_PORT),
  };
  buildWebApp();

  const startedAt = Date.now();
  const dataDir = path.resolve(REPO_ROOT, process.env.LOCAL_DATA_DIR ?? '.local');
  const stack = await startLocalStack({
    dataDir,
    ports,
    log: (line) => console.log(line),
    logRequests: true,
    ltiPlatform: true,
    // Locally no e-mail is sent: "Forgot password?" codes are printed here.
    onIdentityCode: ({ email, code }) => console.log(`Password reset code for ${email}: ${code}`),
  });
  const { config } = stack;

  console.log(`
Learning paths is running (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s).

  App and API   ${config.url}
  Cognito twin  ${config.cognito.endpoint}  pool ${config.cognito.userPoolId}, client ${config.cognito.userPoolClientId}
  DynamoDB twin ${config.dynamodb.endpoint}  table ${config.dynamodb.table}
  S3 twin       ${config.s3.endpoint}  bucket ${config.s3.bucket}
  Settings      ${path.relative(REPO_ROOT, path.join(dataDir, 'stack.json'))}

Demo logins:
${config.users.map((user) => `  ${user.email.padEnd(22)} ${user.password.padEnd(16)} ${user.role}`).join('\n')}
School sign-in (the login pages' Google and Microsoft buttons; accept the twin's self-signed certificate once):
${config.sso.providers[0]!.accounts.map((account) => `  ${account.email.padEnd(26)} ${account.password.padEnd(16)} ${account.role ?? 'not invited'}`).join('\n')}
  Administration first asks the admin to turn on two-factor authentication in /profile (README: Two-factor authentication).
${config.lms ? `\n${config.lms.banner}\n  Registered in the tool (admin page /admin/lti); a teacher adds a module with "Add external tool".\n` : ''}
Press Ctrl-C to stop.
`);

  // The daily retention run, as EventBridge starts it in AWS: once now, then every 24 hours (`npm run retention` runs it at once).
  const runRetention = () =>
    runLocalRetention(config).then(
      (result) => console.log(describeRetentionRun(result)),
      (error: Error) => console.error(`The retention run failed: ${error.message}`),
    );
  void runRetention();
  setInterval(() => void runRetention(), RETENTION_INTERVAL_MS).unref();

  let stoppingSince: number | undefined;
  const shutdown = (signal: string) => {
    if (stoppingSince !== undefined) {
      // Ctrl-C reaches this process more than once (from the terminal, and relayed by npm and tsx): only a
      // deliberate second Ctrl-C, a moment later, skips the clean stop.
      if (Date.now() - stoppingSince < 1000) return;
      console.log('Stopping now.');
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: stopping the local stack...`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof PortInUseError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
