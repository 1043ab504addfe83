// Score reports on this machine (`npm start`, the integration tests): the local stack runs the sender in its own
// process, as SQS and Lambda run it in AWS, with the same rule: a failed send is tried again after the same growing
// delays (scaled down by the stack's option, so a test does not wait minutes) and, after the last try, is kept as a
// dead letter and logged. Sends run beside the request that queued them, never inside it.
import { LTI_SCORE_DELIVERY, ltiScoreRetrySeconds } from '@shared/lti';
import type { LtiScoreMessage, ScoreQueue } from '../port';

export interface InProcessScoreQueueOptions {
  deliver(message: LtiScoreMessage): Promise<unknown>;
  /** Milliseconds per second of the retry rule: 1000 keeps its delays, a test passes 1. */
  millisecondsPerSecond: number;
  log(line: string): void;
}

export interface InProcessScoreQueue extends ScoreQueue {
  /** Messages that failed every try. */
  readonly deadLetters: LtiScoreMessage[];
  /** Resolves once no delivery is running or waiting (a test's wait; the stack's stop). */
  settled(): Promise<void>;
  /** Stops waiting deliveries (the stack's stop): nothing is delivered after it. */
  close(): void;
}

export function makeInProcessScoreQueue({ deliver, millisecondsPerSecond, log }: InProcessScoreQueueOptions): InProcessScoreQueue {
  const deadLetters: LtiScoreMessage[] = [];
  const waiting = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  let closed = false;

  function schedule(message: LtiScoreMessage, delivery: number, delayMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const entry = {
        done: resolve,
        timer: setTimeout(() => {
          waiting.delete(entry);
          void attempt(message, delivery).then(resolve);
        }, delayMs),
      };
      waiting.add(entry);
    });
  }

  async function attempt(message: LtiScoreMessage, delivery: number): Promise<void> {
    if (closed) return;
    try {
      await deliver(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (delivery >= LTI_SCORE_DELIVERY.maxDeliveries) {
        deadLetters.push(message);
        log(`LTI score report failed ${delivery} times and is kept as a dead letter: ${reason}`);
        return;
      }
      const seconds = ltiScoreRetrySeconds(delivery);
      log(`LTI score report failed (try ${delivery}), tried again in ${seconds} s: ${reason}`);
      await schedule(message, delivery + 1, seconds * millisecondsPerSecond);
    }
  }

  const running = new Set<Promise<void>>();
  return {
    deadLetters,
    async send(messages) {
      for (const message of messages) {
        const delivery = schedule(structuredClone(message), 1, 0);
        running.add(delivery);
        void delivery.finally(() => running.delete(delivery));
      }
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close() {
      closed = true;
      for (const entry of waiting) {
        clearTimeout(entry.timer);
        entry.done();
      }
      waiting.clear();
    },
  };
}

/** LTI_SCORE_QUEUE_URL on this machine: the reports go to the local stack's queue. */
export const IN_PROCESS_SCORE_QUEUE = 'in-process';

let running: ScoreQueue | undefined;

/** The local stack's queue, which the reporter of each handler sends to where no SQS queue is configured. */
export function runScoreQueueInProcess(queue: ScoreQueue | undefined): void {
  running = queue;
}

export const inProcessScoreQueue: ScoreQueue = {
  send(messages) {
    if (!running) throw new Error('No local stack runs the LTI score queue in this process');
    return running.send(messages);
  },
};
