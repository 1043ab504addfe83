import { totpCode } from './totp';

// RFC 6238 appendix B, SHA-1 (the secret "12345678901234567890" in base32), last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

it.each([
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
])('at %i s gives the RFC 6238 code %s', (seconds, code) => {
  expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
});

it('refuses a secret that is not base32', () => {
  expect(() => totpCode('not-base32!')).toThrow(/base32/);
});
