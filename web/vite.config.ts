import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Prints the size of the JavaScript a first visit downloads before any route chunk: the entry chunk plus every chunk
 * it imports statically (lazy pages are excluded), raw and gzipped; then what each file viewer of the reader loads
 * on top of that when a section of its type is opened (its chunk and the chunks only it pulls in, such as the zip
 * reader the office viewers share), and pdf.js's worker.
 */
function initialJsSize(): Plugin {
  return {
    name: 'initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[] }>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, { imports: output.imports });
      }
      const entries = Object.values(bundle).filter((output) => output.type === 'chunk' && output.isEntry);
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      entries.forEach((entry) => visit(entry.fileName));

      const sizeOf = (fileNames: Iterable<string>) => {
        let raw = 0;
        let gzip = 0;
        for (const fileName of fileNames) {
          const output = bundle[fileName];
          const code = Buffer.from(output?.type === 'chunk' ? output.code : (output?.source ?? ''));
          raw += code.length;
          gzip += gzipSync(code, { level: 9 }).length;
        }
        return `${kb(raw)} (gzip ${kb(gzip)})`;
      };
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      this.info(`initial JS (${initial.size} chunk${initial.size === 1 ? '' : 's'}): ${sizeOf(initial)}`);
      // Also on stdout without Vite's plugin prefix, for scripts that grep the build log.
      console.log(`\nInitial JS: ${sizeOf(initial)} in ${[...initial].join(', ')}`);

      for (const output of Object.values(bundle)) {
        const viewer = output.type === 'chunk' && /\/reader\/viewers\/(\w+)-viewer\.tsx$/.exec(output.facadeModuleId ?? '');
        if (!viewer) continue;
        // Loaded already: the initial chunks and whatever the page that opens the viewer needed.
        const loaded = new Set(initial);
        const visitLoaded = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          chunks.get(fileName)?.imports.forEach(visitLoaded);
        };
        Object.values(bundle)
          .filter((other) => other.type === 'chunk' && other.dynamicImports.includes(output.fileName))
          .forEach((importer) => visitLoaded(importer.fileName));
        const own = new Set<string>();
        const visitOwn = (fileName: string) => {
          if (own.has(fileName) || (loaded.has(fileName) && fileName !== output.fileName)) return;
          own.add(fileName);
          chunks.get(fileName)?.imports.forEach(visitOwn);
        };
        visitOwn(output.fileName);
        console.log(`Viewer ${viewer[1].toUpperCase()}: ${sizeOf(own)} in ${[...own].join(', ')}`);
      }
      const worker = Object.keys(bundle).filter((fileName) => /pdf\.worker/.test(fileName) && !fileName.endsWith('.map'));
      if (worker.length) console.log(`pdf.js worker: ${sizeOf(worker)} in ${worker.join(', ')}`);
      console.log('');
    },
  };
}

export default defineConfig({
  root: __dirname,
  plugins: [react(), initialJsSize()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
