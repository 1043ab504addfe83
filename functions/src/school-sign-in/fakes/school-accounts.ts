// The user pool's accounts as school sign-in sees them, in memory, keeping the Cognito adapter's promises.
import type { Person } from '@shared/contract/people';
import type { KnownAccount, ProviderIdentity, SchoolAccountDirectory } from '../port';

export class InMemorySchoolAccounts implements SchoolAccountDirectory {
  readonly links: { username: string; identity: ProviderIdentity }[] = [];
  readonly created: Person[] = [];

  constructor(private readonly accounts: Record<string, KnownAccount> = {}) {}

  async findByEmail(email: string) {
    return this.accounts[email];
  }

  async link(username: string, identity: ProviderIdentity) {
    this.links.push({ username, identity });
  }

  async createStudent({ email, name }: { email: string; name: string }): Promise<Person | 'exists'> {
    if (this.accounts[email]) return 'exists';
    const person: Person = { userId: `sub-${this.created.length + 1}`, email, name, role: 'Students', status: 'invited', createdAt: '2026-11-23T10:00:00.000Z' };
    this.accounts[email] = { username: person.userId, enabled: true };
    this.created.push(person);
    return person;
  }
}
