// The real clock and id generator the handlers give the domain (tests give fixed ones).
import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '../kernel/ports';

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdGenerator = { newId: () => randomUUID() };
