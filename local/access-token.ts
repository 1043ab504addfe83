// What the HTTP API's JWT authorizer does, done locally: a request gets through only with an access token signed by
// the local pool's key, from its issuer, for the app client, not expired. ID tokens are refused here (the cloud
// authorizer admits them through `aud`; the handlers refuse them there).
import { JwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export class UnauthorizedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

class NotAccessTokenError extends Error {}

export type AccessTokenVerifier = (authorizationHeader: string | undefined) => Promise<JwtPayload>;

/**
 * Builds the verifier. The JWKS is fetched once here: aws-jwt-verify fetches only over https, and the local
 * signing key never changes (it ships inside cognito-local, which is why this issuer is trusted only locally).
 */
export async function createAccessTokenVerifier(options: {
  issuer: string;
  userPoolClientId: string;
}): Promise<AccessTokenVerifier> {
  const jwksUri = `${options.issuer}/.well-known/jwks.json`;
  const verifier = JwtVerifier.create({
    issuer: options.issuer,
    jwksUri,
    // Access tokens carry client_id, not aud; both are checked below.
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') {
        throw new NotAccessTokenError(
          `This is ${payload.token_use === 'id' ? 'an ID token' : 'not an access token'}; send the access token as "Authorization: Bearer <accessToken>".`,
        );
      }
      if (payload.client_id !== options.userPoolClientId) {
        throw new NotAccessTokenError('This access token was issued to another app client; sign in through this app.');
      }
    },
  });
  const response = await fetch(jwksUri);
  if (!response.ok) throw new Error(`Could not read the local identity server's keys at ${jwksUri} (${response.status}).`);
  verifier.cacheJwks((await response.json()) as Jwks);

  return async (authorizationHeader) => {
    // Like API Gateway: the Authorization header, with or without the "Bearer " prefix.
    const token = authorizationHeader?.replace(/^Bearer\s+/i, '').trim();
    if (!token) {
      throw new UnauthorizedError('Sign in first: send your access token as "Authorization: Bearer <accessToken>".');
    }
    try {
      return await verifier.verify(token);
    } catch (error) {
      if (error instanceof NotAccessTokenError) throw new UnauthorizedError(error.message);
      if (error instanceof JwtExpiredError) throw new UnauthorizedError('Your session has expired; sign in again.');
      throw new UnauthorizedError(
        'The access token is not valid here (malformed, wrong signature or issued by another identity server); sign in again.',
      );
    }
  };
}
