// The function's Powertools logger, built by the first call rather than when the handler module loads: building it
// reads the environment and opens stdout (a stream Node.js creates on first access, ~4 ms), work no import should do
// (a handler imported by a test, the local server or the bundle report writes nothing). apiHandler calls it at the
// start of every invocation, so in a Lambda it is built by the first request.
import { Logger } from '@aws-lambda-powertools/logger';
import type { Log } from '../kernel/ports';

let built: Logger | undefined;

export function getLogger(): Logger {
  built ??= new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'learning-paths-api' });
  return built;
}

/** The domain's log port over the logger. */
export const domainLog: Log = { warn: (message, details) => getLogger().warn(message, details) };
