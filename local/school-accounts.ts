// The demo schools' identity providers: who can sign in at each (with the provider's password, not the app's), and
// as whom the app knows them. Google and Microsoft are played by the same local provider code (school-provider-twin.ts).
import type { Role } from '../shared/roles';
import { DEMO_USERS } from './seed';

export interface SchoolAccountConfig {
  email: string;
  /** The password at the school's provider. */
  password: string;
  /** The app's role of the person invited with this e-mail; null for someone nobody invited. */
  role: Role | null;
  /** How the provider says the person signed in (`amr`, RFC 8176); default a password alone. */
  amr?: string[];
}

export interface SchoolProviderConfig {
  /** The identity provider's name in the user pool (Amplify's `provider: { custom: name }`). */
  name: string;
  /** What the login pages' button says. */
  label: string;
  /** The e-mail domains the school signs in through it (the stage setting's `domains`). */
  domains: string[];
  accounts: SchoolAccountConfig[];
}

const invited = (email: string): SchoolAccountConfig => ({
  email,
  password: `School-${email.split('@')[0]}-1`,
  role: DEMO_USERS.find((user) => user.email === email)!.role,
});

/**
 * Every demo person but the admin (administration asks for a second factor: README), one nobody invited, and one of
 * another school's domain (the provider knows them; the app's school does not take their domain).
 */
const DEMO_SCHOOL_ACCOUNTS: SchoolAccountConfig[] = [
  ...['teacher@example.com', 'teacher2@example.com', 'student@example.com', 'student2@example.com'].map(invited),
  { email: 'newcomer@example.com', password: 'School-newcomer-1', role: null },
  { email: 'visitor@elsewhere.example', password: 'School-visitor-1', role: null },
];

/**
 * The demo admin at each provider: Microsoft asks them for a second factor (its `amr` says mfa), Google does not, so
 * only their Microsoft sign-in reaches administration (README "School sign-in").
 */
const admin = (amr: string[]): SchoolAccountConfig => ({ email: 'admin@example.com', password: 'School-admin-1', role: 'Admins', amr });

/** The demo school's own domain, the only one its providers sign in. */
export const DEMO_SCHOOL_DOMAIN = 'example.com';

export const DEMO_SCHOOL_PROVIDERS: SchoolProviderConfig[] = [
  { name: 'Google', label: 'Sign in with Google', domains: [DEMO_SCHOOL_DOMAIN], accounts: [...DEMO_SCHOOL_ACCOUNTS, admin(['pwd'])] },
  { name: 'Microsoft', label: 'Sign in with Microsoft', domains: [DEMO_SCHOOL_DOMAIN], accounts: [...DEMO_SCHOOL_ACCOUNTS, admin(['pwd', 'mfa'])] },
];
