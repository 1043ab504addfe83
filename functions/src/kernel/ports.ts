// What every resource's use cases may need from the runtime: the time, new ids, a log, a page of a list.

/** Where a page of a list starts: after this key (opaque to the domain). */
export interface PageRequest {
  limit: number;
  after?: string;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

/** Where the domain reports what went wrong without failing the request (e.g. a clean-up that can be retried). */
export interface Log {
  warn(message: string, details: Record<string, unknown>): void;
}
