import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__E2E_STACK__;
  globalThis.__E2E_STACK__ = undefined;
  if (!running) return;
  await running.stack.stop();
  await rm(running.dir, { recursive: true, force: true });
  running.unregister();
}
