// Custom metrics as CloudWatch embedded metric format (EMF) log lines: no API call, no extra latency. Published once
// per request by apiHandler; the cold start is published on a container's first request.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '@shared/metrics';

export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'learning-paths-api',
});
