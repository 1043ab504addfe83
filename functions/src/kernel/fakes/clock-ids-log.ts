// The kernel's clock, id and log ports for tests: time and ids that a test controls, warnings that it can read.
import type { Clock, IdGenerator, Log } from '../ports';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  static readonly START = '2024-05-03T10:00:00.000Z';
  private current = new Date(FixedClock.START);
  now() {
    return new Date(this.current);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

/** ids `id-1`, `id-2`, ... in order of use. */
export class SequentialIds implements IdGenerator {
  private next = 1;
  newId() {
    return `id-${this.next++}`;
  }
  reset() {
    this.next = 1;
  }
}

/** Collects warnings so a test can assert them. */
export class RecordingLog implements Log {
  readonly warnings: { message: string; details: Record<string, unknown> }[] = [];
  warn(message: string, details: Record<string, unknown>) {
    this.warnings.push({ message, details });
  }
}
