// The LTI tool's key locally: one RSA key pair in .local (kept across restarts, so an LMS twin's cached copy of the
// tool's JWKS stays right), made on the first start. In AWS the same document is a Secrets Manager secret, which
// `npm run rotate-lti-tool-keys` (tools/rotate-lti-tool-keys.ts) fills and rotates with `rotatedToolKeys`.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** A new private RSA JWK the tool signs with (RS256, as LTI 1.3 requires), named by a fresh kid. */
export async function newToolKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function ensureToolKeys(file: string): Promise<string> {
  if (existsSync(file)) return file;
  await writeFile(file, `${JSON.stringify({ keys: [await newToolKey()] }, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/**
 * The key document after a rotation: the new key first (it signs from now on), then the key that signed until now,
 * still published so that what it signed verifies and platforms' cached JWKS overlap; any older key is dropped. A
 * document that is not a key list (the secret's placeholder before the first rotation) starts with the new key alone.
 */
export function rotatedToolKeys(current: string | undefined, key: JWK): { document: string; kept: string[]; dropped: string[] } {
  let keys: JWK[] = [];
  try {
    const parsed = JSON.parse(current ?? '') as { keys?: unknown };
    if (Array.isArray(parsed.keys)) keys = (parsed.keys as JWK[]).filter((old) => typeof old?.kid === 'string' && old.kty === 'RSA' && old.d);
  } catch {
    // Not JSON: the placeholder.
  }
  const [previous, ...older] = keys;
  const next = previous ? [key, previous] : [key];
  return { document: JSON.stringify({ keys: next }), kept: next.map((kept) => kept.kid ?? ''), dropped: older.map((old) => old.kid ?? '') };
}
