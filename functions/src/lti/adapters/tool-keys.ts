// The tool's own RSA keys, as one JSON document `{ "keys": [private JWK, ...] }`, newest first: the newest signs (deep
// linking responses, service token requests), and every key listed is published, so a rotation adds a new key first
// and removes the old one only once platforms' caches of the tool's JWKS have moved on (an overlap). In AWS the document
// is a Secrets Manager secret (LTI_TOOL_KEYS_SECRET_ID); locally a file under .local (LTI_TOOL_KEYS_FILE).
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { importJWK, SignJWT } from 'jose';
import { traced } from '../../platform/tracing';
import type { PublicJwk, ToolJwtClaims, ToolKeyStore } from '../port';

/** The private members of an RSA JWK: never published. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth']);

export interface ToolKeyDocument {
  keys: (PublicJwk & { d?: string })[];
}

/** The public half of each key, as the tool's JWKS lists them. */
export function publicKeysOf(document: ToolKeyDocument): PublicJwk[] {
  return document.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as PublicJwk);
}

function parseDocument(text: string, where: string): ToolKeyDocument {
  const document = JSON.parse(text) as Partial<ToolKeyDocument>;
  if (!Array.isArray(document.keys) || document.keys.length === 0 || document.keys.some((key) => typeof key?.kid !== 'string' || key.kty !== 'RSA' || !key.d)) {
    throw new Error(`${where} must hold { "keys": [private RSA JWKs, each with a kid] }, newest first`);
  }
  return document as ToolKeyDocument;
}

/** Reads the document once per container (a rotation reaches a container when it starts: deploy, or scale out). */
export function makeToolKeyStore(read: () => Promise<string>, where: string): ToolKeyStore & { document(): Promise<ToolKeyDocument> } {
  let loaded: Promise<ToolKeyDocument> | undefined;
  const document = () => {
    loaded ??= read()
      .then((text) => parseDocument(text, where))
      .catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
    return loaded;
  };
  return {
    document,
    publicKeys: async () => publicKeysOf(await document()),
    async sign({ issuer, audience, expiresInSeconds, claims }: ToolJwtClaims): Promise<string> {
      const [newest] = (await document()).keys;
      const key = await importJWK(newest, 'RS256');
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: newest.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .setJti(crypto.randomUUID())
        .sign(key);
    },
  };
}

export const fileToolKeyStore = (file: string) => makeToolKeyStore(() => readFile(file, 'utf8'), file);

let secrets: SecretsManagerClient | undefined;

export const secretToolKeyStore = (secretId: string) =>
  makeToolKeyStore(async () => {
    secrets ??= traced(new SecretsManagerClient({}));
    const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!SecretString) throw new Error(`The secret ${secretId} has no text value`);
    return SecretString;
  }, `The secret ${secretId}`);
