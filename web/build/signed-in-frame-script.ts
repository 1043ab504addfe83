// The inline script of the signed-in dashboards' HTML (src/signed-in-frame.ts), bundled with its imports into one
// minified script: it runs before the page's modules, and the CSP allows it by its hash (written by web/vite.config.ts).
import path from 'node:path';
import { build } from 'esbuild';

export async function buildSignedInFrameScript(): Promise<string> {
  const result = await build({
    stdin: { contents: "import { showSignedInFrame } from './signed-in-frame'; showSignedInFrame();", resolveDir: path.resolve(__dirname, '../src'), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    tsconfig: path.resolve(__dirname, '../tsconfig.json'),
    write: false,
    logLevel: 'warning',
  });
  const script = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(script)) throw new Error('The signed-in frame script contains </script and cannot be inlined');
  return script;
}
