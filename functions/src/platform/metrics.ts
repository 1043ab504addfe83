// Custom metrics as CloudWatch embedded metric format (EMF) log lines: no API call, no extra latency. Published once
// per request by apiHandler; the cold start is published on a container's first request. Built by the first call,
// like the logger (logger.ts): building reads the environment and opens stdout, which no import should do.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '@shared/metrics';

let built: Metrics | undefined;

export function getMetrics(): Metrics {
  built ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'learning-paths-api' });
  return built;
}
