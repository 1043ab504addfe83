// An administration handler checks two-factor authentication and reads the people directory over one Cognito client.
async function cognitoClientsBuiltLoading(handler: string): Promise<number> {
  const built = jest.fn();
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@aws-sdk/client-cognito-identity-provider', () => {
      const actual = jest.requireActual('@aws-sdk/client-cognito-identity-provider');
      return {
        ...actual,
        CognitoIdentityProviderClient: class extends actual.CognitoIdentityProviderClient {
          constructor(...config: unknown[]) {
            super(...config);
            built();
          }
        },
      };
    });
    await import(`../${handler}`);
  });
  return built.mock.calls.length;
}

test.each(['rosters/handlers/create-class', 'people/handlers/invite-person', 'people/handlers/list-people'])('%s builds one Cognito client', async (handler) => {
  expect(await cognitoClientsBuiltLoading(handler)).toBe(1);
});
