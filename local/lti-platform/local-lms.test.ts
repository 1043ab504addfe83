// The hook `npm start` calls: the twin with the registration the tool is given and the lines printed about it.
import { startLocalLms } from './local-lms';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

test('the local LMS comes with its registration for the tool and a banner naming its accounts', async () => {
  const tool = { loginUrl: 'http://127.0.0.1:3000/lti/login', launchUrl: 'http://127.0.0.1:3000/lti/launch', deepLinkingUrl: 'http://127.0.0.1:3000/lti/launch', jwksUrl: 'http://127.0.0.1:3000/lti/jwks.json' };
  const lms = await startLocalLms(tool, 0);
  try {
    expect(lms.registration).toEqual({
      name: 'Local LMS (Biology 101)',
      issuer: lms.twin.url,
      clientId: lms.twin.clientId,
      deploymentIds: [lms.twin.deploymentId],
      authLoginUrl: `${lms.twin.url}/auth`,
      accessTokenUrl: `${lms.twin.url}/token`,
      jwksUrl: `${lms.twin.url}/.well-known/jwks.json`,
    });
    for (const account of lms.twin.accounts) expect(lms.banner).toContain(`${account.email}`);
    expect(lms.banner).toContain(lms.twin.url);
  } finally {
    await lms.twin.close();
  }
});
