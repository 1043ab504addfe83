// The people directory over Cognito's admin API. A person's id is their `sub`, which is also their Cognito username
// (the pool signs in by e-mail, so Cognito names each user by a generated id); their role is the group of ours they
// are in. Only the calls listed in the route table's `identity` field are made, and each route is granted only those.
import { randomBytes, randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { PEOPLE_LIMITS, type PersonStatus } from '@shared/people';
import type { Person } from '@shared/contract/people';
import { isRole, ROLES, type Role } from '@shared/roles';
import type { UserDirectory } from '../port';

export interface CognitoUserDirectoryOptions {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  /**
   * The local twin (cognito-local): no e-mail leaves the machine, so temporary passwords are made here and returned;
   * it has no MessageAction RESEND.
   */
  local?: boolean;
}

export function makeCognitoUserDirectory({ client, userPoolId, local = false }: CognitoUserDirectoryOptions): UserDirectory {
  const UserPoolId = userPoolId;

  async function roleOf(username: string): Promise<Role | null> {
    const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: username }));
    return Groups.map((group) => group.GroupName ?? '').find(isRole) ?? null;
  }

  async function get(username: string): Promise<Person | undefined> {
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
      return toPerson(
        { Attributes: user.UserAttributes, Enabled: user.Enabled, UserStatus: user.UserStatus, UserCreateDate: user.UserCreateDate },
        await roleOf(user.Username!),
      );
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return undefined;
      throw error;
    }
  }

  async function listRole(role: Role): Promise<Person[]> {
    const people: Person[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(new ListUsersInGroupCommand({ UserPoolId, GroupName: role, Limit: PEOPLE_LIMITS.pageSize, NextToken }));
      people.push(...(page.Users ?? []).map((user) => toPerson(user, role)));
      NextToken = page.NextToken;
    } while (NextToken);
    return people;
  }

  async function signOut(userId: string) {
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: userId }));
  }

  async function setName(userId: string, name: string) {
    await client.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username: userId, UserAttributes: [{ Name: 'name', Value: name }] }),
    );
  }

  return {
    async create({ email, name, role }, { invitation = 'email', signIn } = {}) {
      const temporaryPassword = local && signIn !== 'lms' ? makeTemporaryPassword() : undefined;
      let user: UserType | undefined;
      try {
        ({ User: user } = await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
            ],
            // In the cloud Cognito makes the temporary password and e-mails it; locally it is shown once instead.
            // Without an invitation (school sign-in) nothing is sent: the first school sign-in links to the account.
            ...(local ? { TemporaryPassword: temporaryPassword ?? lmsOnlyPassword(), MessageAction: 'SUPPRESS' } : invitation === 'none' || signIn === 'lms' ? { MessageAction: 'SUPPRESS' } : { DesiredDeliveryMediums: ['EMAIL'] }),
          }),
        ));
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException') return 'exists';
        throw error;
      }
      let person = toPerson(user ?? {}, role);
      if (signIn === 'lms') {
        // Confirmed with a password nobody is told: the LMS launch's custom challenge signs them in (lti/session.ts).
        await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: person.userId, Password: lmsOnlyPassword(), Permanent: true }));
        person = { ...person, status: 'active' };
      }
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: person.userId, GroupName: role }));
      return { person, ...(temporaryPassword ? { temporaryPassword } : {}) };
    },

    async resendInvitation(person) {
      if (!local) {
        await client.send(
          new AdminCreateUserCommand({ UserPoolId, Username: person.email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
        );
        return {};
      }
      const temporaryPassword = makeTemporaryPassword();
      await client.send(
        new AdminSetUserPasswordCommand({ UserPoolId, Username: person.userId, Password: temporaryPassword, Permanent: false }),
      );
      return { temporaryPassword };
    },

    get,
    findByEmail: (email) => get(email),

    async listEveryone() {
      // One ListUsers walk and one walk per role's group, rather than a group look-up per person.
      const roles = new Map<string, Role>();
      for (const role of ROLES) for (const person of await listRole(role)) roles.set(person.userId, role);
      const people: Person[] = [];
      let PaginationToken: string | undefined;
      do {
        const page = await client.send(new ListUsersCommand({ UserPoolId, Limit: PEOPLE_LIMITS.pageSize, PaginationToken }));
        people.push(...(page.Users ?? []).map((user) => toPerson(user, null)));
        PaginationToken = page.PaginationToken;
      } while (PaginationToken);
      return people.map((person) => ({ ...person, role: roles.get(person.userId) ?? null }));
    },

    listRole,
    setName,

    async setRole(person, role) {
      // Added to the new group first, so the person is never without a role if a later call fails; then out of every
      // other role's group they are in (not only the one read: a person left in two by an earlier fault ends in one).
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: person.userId, GroupName: role }));
      const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: person.userId }));
      for (const other of Groups.map((group) => group.GroupName ?? '').filter((name) => isRole(name) && name !== role)) {
        await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: person.userId, GroupName: other }));
      }
    },

    signOut,

    async disable(userId) {
      await client.send(new AdminDisableUserCommand({ UserPoolId, Username: userId }));
      await signOut(userId);
    },

    async enable(userId) {
      await client.send(new AdminEnableUserCommand({ UserPoolId, Username: userId }));
    },

    async remove(userId) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId, Username: userId }));
      } catch (error) {
        if ((error as Error).name !== 'UserNotFoundException') throw error;
      }
    },
  };
}

const attribute = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((each) => each.Name === name)?.Value ?? '';

export function toPerson(user: Pick<UserType, 'Attributes' | 'Enabled' | 'UserStatus' | 'UserCreateDate'>, role: Role | null): Person {
  const status: PersonStatus =
    user.Enabled === false ? 'disabled' : user.UserStatus === 'FORCE_CHANGE_PASSWORD' ? 'invited' : 'active';
  return {
    userId: attribute(user.Attributes, 'sub'),
    email: attribute(user.Attributes, 'email'),
    name: attribute(user.Attributes, 'name'),
    role,
    status,
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/** A password for an account that signs in from its LMS only: random, never shown or stored (256 bits). */
const lmsOnlyPassword = () => `Lms-${randomBytes(32).toString('base64url')}`;

/** Letters and digits that cannot be misread on a printed login slip: no I, l, 1, O, o or 0. */
const UNAMBIGUOUS = { upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ', lower: 'abcdefghijkmnpqrstuvwxyz', digits: '23456789' };

/**
 * A temporary password a person can copy from paper: three groups of four unambiguous characters joined by hyphens
 * ("Xk7m-Pq4r-Ht9w"), each group an upper-case letter, a lower-case letter, a digit and one more of any, in random
 * order. Meets the pool's policy (8+ characters), and stricter ones (all classes and a symbol); about 62 bits.
 */
export function makeTemporaryPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const any = UNAMBIGUOUS.upper + UNAMBIGUOUS.lower + UNAMBIGUOUS.digits;
  const group = () => {
    const characters = [pick(UNAMBIGUOUS.upper), pick(UNAMBIGUOUS.lower), pick(UNAMBIGUOUS.digits), pick(any)];
    for (let index = characters.length - 1; index > 0; index -= 1) {
      const other = randomInt(index + 1);
      [characters[index], characters[other]] = [characters[other]!, characters[index]!];
    }
    return characters.join('');
  };
  return [group(), group(), group()].join('-');
}
