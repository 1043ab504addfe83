// The CSP hashes of what the build inlines (web/vite.config.ts writes them next to index.html): the prerendered public
// pages' stylesheet and the signed-in frame's script, for the policy CloudFront and the local server send
// (shared/security-headers.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_HASHES_FILE, NO_INLINE_HASHES, type InlineHashes } from '../shared/security-headers';

const HASH = /^sha256-[A-Za-z0-9+/]+={0,2}$/;

const isHashList = (value: unknown): value is string[] => Array.isArray(value) && value.every((hash) => typeof hash === 'string' && HASH.test(hash));

/** The hashes listed in a built web app's folder; `required` when the app must be built (a deployment). */
export function readInlineHashes(webRoot: string, { required }: { required: boolean }): InlineHashes {
  const file = path.join(webRoot, INLINE_HASHES_FILE);
  if (!existsSync(file)) {
    if (required) throw new Error(`${file} is missing: build the web app (npm run build) first.`);
    return NO_INLINE_HASHES;
  }
  const hashes = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof InlineHashes, unknown>> | null;
  if (!hashes || !isHashList(hashes.styles) || !isHashList(hashes.scripts)) {
    throw new Error(`${file} must hold { "styles": [...], "scripts": [...] }, each a list of sha256 hashes.`);
  }
  return { styles: hashes.styles, scripts: hashes.scripts };
}
