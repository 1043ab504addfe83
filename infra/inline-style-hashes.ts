// The CSP hashes of the stylesheet the build inlines into the prerendered public pages (web/vite.config.ts writes
// them next to index.html), for the policy CloudFront and the local server send (shared/security-headers.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_STYLE_HASHES_FILE } from '../shared/security-headers';

const HASH = /^sha256-[A-Za-z0-9+/]+={0,2}$/;

/** The hashes listed in a built web app's folder; `required` when the app must be built (a deployment). */
export function readInlineStyleHashes(webRoot: string, { required }: { required: boolean }): string[] {
  const file = path.join(webRoot, INLINE_STYLE_HASHES_FILE);
  if (!existsSync(file)) {
    if (required) throw new Error(`${file} is missing: build the web app (npm run build) first.`);
    return [];
  }
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && HASH.test(hash))) {
    throw new Error(`${file} must be a JSON array of sha256 hashes.`);
  }
  return hashes as string[];
}
