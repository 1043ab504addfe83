// The user pool's side of school sign-in: the invited (password) account by e-mail, the link of a provider's identity
// to it (AdminLinkProviderForUser; the identity twin answers it locally), and a newcomer's student account.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminLinkProviderForUserCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { toPerson } from '../../people/adapters/cognito-user-directory';
import type { SchoolAccountDirectory } from '../port';

export function makeCognitoSchoolAccounts(client: CognitoIdentityProviderClient, userPoolId: string): SchoolAccountDirectory {
  return {
    async findByEmail(email) {
      // The filter's value is quoted: an address holding a quote cannot widen the search.
      const { Users = [] } = await client.send(
        new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = ${JSON.stringify(email)}`, Limit: 2 }),
      );
      // Federated users (UserStatus EXTERNAL_PROVIDER) are links, not invitations.
      const invited = Users.find((user) => user.UserStatus !== 'EXTERNAL_PROVIDER');
      return invited?.Username ? { username: invited.Username, enabled: invited.Enabled !== false } : undefined;
    },
    async link(username, { providerName, subject }) {
      await client.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: userPoolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: username },
          SourceUser: { ProviderName: providerName, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: subject },
        }),
      );
    },
    async createStudent({ email, name }) {
      let created;
      try {
        created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
            ],
            // They sign in through their school: no invitation e-mail, no password of ours.
            MessageAction: 'SUPPRESS',
          }),
        );
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException') return 'exists';
        throw error;
      }
      const person = toPerson(created.User ?? {}, 'Students');
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: person.userId, GroupName: 'Students' }));
      return person;
    },
  };
}
