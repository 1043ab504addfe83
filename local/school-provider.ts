// Starts the local stand-ins for the schools' identity providers (school-provider-twin.ts) in a worker thread.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SchoolProviderEndpoint, SchoolProviderTwinMessage, SchoolProviderTwinOptions } from './school-provider-twin';

export interface SchoolProviders {
  endpoints: SchoolProviderEndpoint[];
  close(): Promise<void>;
}

export async function startSchoolProviders(options: SchoolProviderTwinOptions): Promise<SchoolProviders> {
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(path.join(__dirname, 'school-provider-twin.ts'))});`;
  // oidc-provider warns about its in-memory store and Node 20 on stderr: both are what a local stand-in wants.
  const worker = new Worker(bootstrap, { eval: true, workerData: options, stderr: true });
  worker.stderr.resume();
  const next = () =>
    new Promise<SchoolProviderTwinMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const started = await next().catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(`The school sign-in providers did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  worker.on('error', (error) => console.error('The school sign-in providers failed:', error));
  return {
    endpoints: started.endpoints,
    close: async () => {
      const closed = next();
      worker.postMessage('close');
      await closed.catch(() => undefined);
      await worker.terminate();
    },
  };
}
