// The LTI tool's key locally: one RSA key pair in .local (kept across restarts, so an LMS twin's cached copy of the
// tool's JWKS stays right), made on the first start. In AWS the same document is a Secrets Manager secret.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { exportJWK, generateKeyPair } from 'jose';

export async function ensureToolKeys(file: string): Promise<string> {
  if (existsSync(file)) return file;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const key = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await writeFile(file, `${JSON.stringify({ keys: [key] }, null, 2)}\n`, { mode: 0o600 });
  return file;
}
