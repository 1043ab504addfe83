// X-Ray tracing of the SDK clients, when the stack turns it on (`cdk deploy -c tracing=true` sets
// POWERTOOLS_TRACE_ENABLED): Powertools' tracer is loaded only then, so a function without tracing does not pay for
// initialising it at cold start.
import type { Tracer } from '@aws-lambda-powertools/tracer';

let tracer: Tracer | undefined;

export function traced<Client>(client: Client): Client {
  if (process.env.POWERTOOLS_TRACE_ENABLED !== 'true') return client;
  // Loaded only when tracing is on, so a function without it never pays the tracer's import at cold start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous lazy load; import() would make every client builder async
  tracer ??= new (require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')).Tracer();
  return tracer.captureAWSv3Client(client);
}
