// What school sign-in needs: the user pool's accounts by e-mail (and the link of a provider's identity to one), and the
// administrators' choice per e-mail domain of whether new people of that domain come in as students.
import type { Person } from '@shared/contract/people';

export interface KnownAccount {
  username: string;
  enabled: boolean;
}

/** A provider's identity: its name in the user pool and the person's subject there. */
export interface ProviderIdentity {
  providerName: string;
  subject: string;
}

export interface SchoolAccountDirectory {
  /** The pool's own (password) account with this e-mail address; undefined when nobody was invited with it. */
  findByEmail(email: string): Promise<KnownAccount | undefined>;
  /** From now on `identity` signs in as the account `username`. */
  link(username: string, identity: ProviderIdentity): Promise<void>;
  /**
   * A new account in the Students group for someone who signs in only through their school (no invitation e-mail,
   * no password); 'exists' (nothing made) when the address has an account already.
   */
  createStudent(student: { email: string; name: string }): Promise<Person | 'exists'>;
}

/** Whether an administrator lets new people of a domain in as students (off unless turned on). */
export interface DomainSetting {
  domain: string;
  studentsMayJoin: boolean;
}

export interface DomainSettingStore {
  studentsMayJoin(domain: string): Promise<boolean>;
  /** Every domain an administrator has set, either way. */
  list(): Promise<DomainSetting[]>;
  /** Sets the domain's choice (a repeated or concurrent set leaves the last one; each is a whole value). */
  save(setting: DomainSetting): Promise<void>;
}
