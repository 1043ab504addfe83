// Who may come in through a school's identity provider: only someone the school already knows. The first federated
// sign-in of a person is linked to the account an administrator invited (or a roster created) with the same verified
// e-mail address, so they keep their role and classes; from then on the provider's identity signs in as that account.
// Anyone else is refused, and no account is made for them.

import { DISABLED_MESSAGE, NOT_SET_UP_MESSAGE } from '@shared/school-sign-in';

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
}

export class SchoolSignInRefused extends Error {
  name = 'SchoolSignInRefused';
}

export interface FederatedSignUp extends ProviderIdentity {
  email: string | undefined;
  emailVerified: boolean;
}

/** Links the identity to the invited account, or refuses (SchoolSignInRefused, with the message the person sees). */
export async function linkSchoolAccount(directory: SchoolAccountDirectory, signUp: FederatedSignUp): Promise<void> {
  // An address the provider has not verified proves nothing about who signs in.
  const email = signUp.emailVerified ? signUp.email?.trim().toLowerCase() : undefined;
  const account = email ? await directory.findByEmail(email) : undefined;
  if (!account) throw new SchoolSignInRefused(NOT_SET_UP_MESSAGE);
  if (!account.enabled) throw new SchoolSignInRefused(DISABLED_MESSAGE);
  await directory.link(account.username, { providerName: signUp.providerName, subject: signUp.subject });
}
