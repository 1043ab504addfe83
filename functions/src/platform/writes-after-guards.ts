// A request whose use case starts beside the caller's guards (apiHandler's `besideGuards`): its reads share the
// guards' round trip, and its table writes wait here until the guards passed. When they refuse (a revoked or erased
// token, the rate limit), every write the use case still tries is refused too, so the request changes nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import { BatchGetCommand, GetCommand, QueryCommand, ScanCommand, TransactGetCommand } from '@aws-sdk/lib-dynamodb';

/** The guards of the request whose use case is running: set by apiHandler around that use case only. */
const runningGuards = new AsyncLocalStorage<Promise<unknown>>();

/** Runs `work` with its table writes held until `guards` resolves (and refused if they reject). */
export const runBesideGuards = <T>(guards: Promise<unknown>, work: () => Promise<T>): Promise<T> => runningGuards.run(guards, work);

/** The document commands that only read; anything else is a write and waits for the guards. */
const READS: readonly unknown[] = [GetCommand, BatchGetCommand, QueryCommand, ScanCommand, TransactGetCommand];

/** Resolves when `command` may be sent now: at once for a read or outside a guarded use case, else once the guards passed. */
export function guardsBefore(command: object): Promise<unknown> | undefined {
  const guards = runningGuards.getStore();
  return guards && !READS.includes(command.constructor) ? guards : undefined;
}
