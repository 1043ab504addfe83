// In-memory erase jobs and a sweep that records what it was asked, for the erase use case's tests. The job store
// keeps the repository's promises: a second start answers the first job, a finished job keeps nothing of the person.
import type { ErasureJob, ErasureJobStore, FinishedErasure, PersonalDataSweep, SweepTarget } from '../port';

export class InMemoryErasureJobs implements ErasureJobStore {
  readonly jobs = new Map<string, ErasureJob | FinishedErasure>();

  async get(pseudonym: string) {
    const job = this.jobs.get(pseudonym);
    return job && structuredClone(job);
  }
  async start(job: ErasureJob) {
    if (!this.jobs.has(job.pseudonym)) this.jobs.set(job.pseudonym, structuredClone(job));
    return structuredClone(this.jobs.get(job.pseudonym) as ErasureJob);
  }
  async markDone(pseudonym: string, step: string) {
    const job = this.jobs.get(pseudonym) as ErasureJob;
    if (!job.done.includes(step)) job.done.push(step);
  }
  async saveSweepPosition(pseudonym: string, from: string) {
    (this.jobs.get(pseudonym) as ErasureJob).sweepFrom = from;
  }
  async finish(pseudonym: string, at: string) {
    const job = this.jobs.get(pseudonym);
    if (job && !('finishedAt' in job)) this.jobs.set(pseudonym, { pseudonym, outcome: job.outcome, finishedAt: at });
  }
}

/** A table of `pages` pages: each call answers the next position, and the positions asked for are recorded. */
export class RecordingSweep implements PersonalDataSweep {
  readonly calls: { target: SweepTarget; from?: string }[] = [];
  constructor(private readonly pages = 2) {}

  async sweepTablePage(target: SweepTarget, from?: string) {
    this.calls.push({ target, from });
    const page = from === undefined ? 1 : Number(from) + 1;
    return page < this.pages ? { next: String(page) } : {};
  }
}
