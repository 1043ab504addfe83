// The user pool's side of school sign-in: the invited (password) account by e-mail, and the link of a provider's
// identity to it (AdminLinkProviderForUser; the identity twin answers it locally).
import {
  AdminLinkProviderForUserCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SchoolAccountDirectory } from '../link-school-account';

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
  };
}
