// The OneRoster links and runs in memory, keeping the repository's promises: a link is refused (false) while its
// sourcedId names another record; records are copies.
import type { OneRosterLink, OneRosterLinkKind, OneRosterLinks, OneRosterRun, OneRosterStore } from '../port';

const sameTarget = (kind: OneRosterLinkKind, a: Record<string, unknown>, b: Record<string, unknown>) =>
  kind === 'people' ? a.userId === b.userId : kind === 'classes' ? a.classId === b.classId : a.classId === b.classId && a.studentId === b.studentId;

export class InMemoryOneRosterStore implements OneRosterStore {
  readonly links = { people: new Map(), classes: new Map(), enrollments: new Map() } as { [K in OneRosterLinkKind]: Map<string, OneRosterLink<K>> };
  readonly runs: OneRosterRun[] = [];

  async readLinks(kinds?: readonly OneRosterLinkKind[]): Promise<OneRosterLinks> {
    const of = <K extends OneRosterLinkKind>(kind: K) => (!kinds || kinds.includes(kind) ? [...this.links[kind].values()] : []);
    return structuredClone({ people: of('people'), classes: of('classes'), enrollments: of('enrollments') } as OneRosterLinks);
  }

  async link<K extends OneRosterLinkKind>(kind: K, link: OneRosterLink<K>) {
    const links = this.links[kind] as Map<string, OneRosterLink<K>>;
    const current = links.get(link.sourcedId);
    if (current && !sameTarget(kind, current, link)) return false;
    links.set(link.sourcedId, structuredClone(link));
    return true;
  }

  async unlink(kind: OneRosterLinkKind, sourcedId: string) {
    this.links[kind].delete(sourcedId);
  }

  async recordRun(run: OneRosterRun) {
    this.runs.push(structuredClone(run));
  }

  async recentRuns(limit: number) {
    return structuredClone([...this.runs].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit));
  }
}
