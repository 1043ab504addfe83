// The Powertools logger and metrics are built by their first use, once per container, not when a handler module
// loads (building opens stdout and reads the environment, which an import must not do).
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Metrics } from '@aws-lambda-powertools/metrics';

/** Loads a handler and the logger and metrics modules afresh, with Powertools' classes replaced by spies. */
async function freshModules() {
  const built = { Logger: jest.fn(() => ({ warn: jest.fn() })), Metrics: jest.fn(() => ({})) };
  let modules!: { logger: typeof import('./logger'); metrics: typeof import('./metrics') };
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@aws-lambda-powertools/logger', () => ({ ...jest.requireActual('@aws-lambda-powertools/logger'), Logger: built.Logger }));
    jest.doMock('@aws-lambda-powertools/metrics', () => ({ ...jest.requireActual('@aws-lambda-powertools/metrics'), Metrics: built.Metrics }));
    await import(`../${'classes/handlers/list-classes'}`);
    // Computed paths, as http.test.ts loads handlers: a literal one would need a file extension under NodeNext.
    modules = { logger: await import(`./${'logger'}`), metrics: await import(`./${'metrics'}`) };
  });
  return { built, ...modules };
}

const serviceName = process.env.POWERTOOLS_SERVICE_NAME;
afterEach(() => {
  if (serviceName === undefined) delete process.env.POWERTOOLS_SERVICE_NAME;
  else process.env.POWERTOOLS_SERVICE_NAME = serviceName;
});

test('loading a handler builds neither the logger nor the metrics', async () => {
  const { built } = await freshModules();
  expect(built.Logger).not.toHaveBeenCalled();
  expect(built.Metrics).not.toHaveBeenCalled();
});

test('the first call builds the logger with the service name of the environment, and every call answers that one', async () => {
  const { built, logger } = await freshModules();
  process.env.POWERTOOLS_SERVICE_NAME = 'learning-paths-test';
  const first: Logger = logger.getLogger();
  expect(logger.getLogger()).toBe(first);
  expect(built.Logger).toHaveBeenCalledTimes(1);
  expect(built.Logger).toHaveBeenCalledWith({ serviceName: 'learning-paths-test' });
});

test('the first call builds the metrics in the namespace of the dashboards, and every call answers that one', async () => {
  const { built, metrics } = await freshModules();
  delete process.env.POWERTOOLS_SERVICE_NAME;
  const first: Metrics = metrics.getMetrics();
  expect(metrics.getMetrics()).toBe(first);
  expect(built.Metrics).toHaveBeenCalledTimes(1);
  expect(built.Metrics).toHaveBeenCalledWith({ namespace: 'LearningPaths', serviceName: 'learning-paths-api' });
});

test("the domain's log port writes its warnings through the logger", async () => {
  const { logger } = await freshModules();
  logger.domainLog.warn('Could not delete a file no module uses; it is orphaned', { key: 'protected/a.pdf' });
  expect(logger.getLogger().warn).toHaveBeenCalledWith('Could not delete a file no module uses; it is orphaned', { key: 'protected/a.pdf' });
});
