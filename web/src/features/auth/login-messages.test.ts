import { NO_CONNECTION } from '../../lib/api-connection';
import { ACCOUNT_DISABLED, credentialsErrorMessage, errorMessage, INCORRECT_CREDENTIALS, newPasswordErrorMessage, totpCodeErrorMessage } from './login-messages';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('errorMessage', () => {
  it("passes the service's own message on", () => {
    expect(errorMessage(named('LimitExceededException', 'Attempt limit exceeded, please try after some time.'), 'Fallback.')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
  });

  it('says the connection is the problem when no answer came, whichever browser or library reports it', () => {
    for (const failure of [
      named('NetworkError', 'A network error has occurred.'),
      new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/auth-services-abc.js'),
      new TypeError('Failed to fetch'),
      new TypeError('error loading dynamically imported module'),
      new TypeError('Importing a module script failed.'),
      new TypeError('Load failed'),
    ]) {
      expect(errorMessage(failure, 'Fallback.')).toBe(NO_CONNECTION);
    }
  });

  it('does not blame the connection for a bug', () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"), 'Fallback.')).toBe(
      "Cannot read properties of undefined (reading 'x')",
    );
  });

  it('falls back when there is no message', () => {
    expect(errorMessage(new Error('  '), 'Fallback.')).toBe('Fallback.');
    expect(errorMessage('thrown text', 'Fallback.')).toBe('Fallback.');
  });
});

describe('a disabled account', () => {
  it('reads the same at every sign-in step: password, new password, code', () => {
    const disabled = named('NotAuthorizedException', 'User is disabled.');
    expect(credentialsErrorMessage(disabled)).toBe(ACCOUNT_DISABLED);
    expect(newPasswordErrorMessage(disabled)).toBe(ACCOUNT_DISABLED);
    expect(totpCodeErrorMessage(disabled)).toBe(ACCOUNT_DISABLED);
  });
});

describe('credentialsErrorMessage', () => {
  it('reads a dropped connection as such, not as wrong credentials', () => {
    expect(credentialsErrorMessage(named('NetworkError', 'A network error has occurred.'))).toBe(NO_CONNECTION);
    expect(credentialsErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(INCORRECT_CREDENTIALS);
  });
});
