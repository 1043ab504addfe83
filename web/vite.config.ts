import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Prints the size of the JavaScript a first visit downloads before any route chunk: the entry chunk plus every chunk
 * it imports statically (lazy pages are excluded), raw and gzipped.
 */
function initialJsSize(): Plugin {
  return {
    name: 'initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[] }>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, { code: output.code, imports: output.imports });
      }
      const entries = Object.values(bundle).filter((output) => output.type === 'chunk' && output.isEntry);
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      entries.forEach((entry) => visit(entry.fileName));

      let raw = 0;
      let gzip = 0;
      for (const fileName of initial) {
        const code = Buffer.from(chunks.get(fileName)?.code ?? '');
        raw += code.length;
        gzip += gzipSync(code, { level: 9 }).length;
      }
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      this.info(`initial JS (${initial.size} chunk${initial.size === 1 ? '' : 's'}): ${kb(raw)}, gzip ${kb(gzip)}`);
      // Also on stdout without Vite's plugin prefix, for scripts that grep the build log.
      console.log(`\nInitial JS: ${kb(raw)} (gzip ${kb(gzip)}) in ${[...initial].join(', ')}\n`);
    },
  };
}

export default defineConfig({
  root: __dirname,
  plugins: [react(), initialJsSize()],
  // Hidden maps: written for debugging and error reports, not referenced from the chunks and not deployed (WebStack).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
});
