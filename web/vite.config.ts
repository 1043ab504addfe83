import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, defineConfig, type Manifest, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lightRoutes } from '../shared/contract/light';
import * as roleGroups from '../shared/contract/route';
import { INLINE_HASHES_FILE, type InlineHashes } from '../shared/security-headers';
import { PAGES_WITH_HTML } from '../shared/web-pages';
import { ENTRY_MODULE, headTagHtml, initialFiles, pageDocument, planPageHtml, withStaticImports, type PageContent } from './build/page-html';
import { buildSignedInFrameScript } from './build/signed-in-frame-script';
import { FRAME_STYLE_ATTRIBUTE } from './src/signed-in-frame-markup';
import type { prerenderPage } from './src/prerender';

/** The path aliases of web/tsconfig.json. */
const ALIASES = { '@shared': path.resolve(__dirname, '../shared'), '@web': path.resolve(__dirname, 'src') };

/** Where Vite writes its manifest inside the output folder; read by the build, then removed (it is not deployed). */
const MANIFEST_DIR = '.vite';

/** Where the build-time renderer is built; inside web/ so its imports resolve from the repository's node_modules. */
const PRERENDER_BUILD_DIR = path.join(__dirname, '.prerender');

/** What a first visit may download before any data (issues 8, 14 and 42); a build over it fails. */
const INITIAL_JS_BUDGET_GZIP = 120 * 1024;

/** The web's route table (method, path, roles), which the app's entry chunk imports to call the API. */
const LIGHT_ROUTES_MODULE = path.resolve(__dirname, '../shared/contract/light.ts');
const ROUTE_MODULE = path.resolve(__dirname, '../shared/contract/route.ts');

/**
 * Serves shared/contract/light.ts as the plain data it evaluates to: the route table without its schemas, so calling
 * the API loads no zod (a module's code goes whole into one chunk, so the contract's files would bring the schemas the
 * form pages use into the entry chunk).
 */
function lightRouteTable(): Plugin {
  return {
    name: 'light-route-table',
    load(id) {
      if (id !== LIGHT_ROUTES_MODULE) return undefined;
      // The sets of roles are route.ts's own constants (TEACHERS …), so each is in the entry chunk once.
      const roleSets = new Map(Object.entries(roleGroups).filter(([, value]) => Array.isArray(value)).map(([name, value]) => [JSON.stringify(value), name]));
      // In path order: like paths sit side by side, which compresses best.
      const entries = Object.entries(lightRoutes())
        .sort(([, a], [, b]) => a.path.localeCompare(b.path))
        .map(([name, { method, path, roles }]) => {
        const roleSet = roleSets.get(JSON.stringify(roles));
        if (!roleSet) throw new Error(`${name}: its roles are none of shared/contract/route.ts's sets`);
        return `${name}: { method: ${JSON.stringify(method)}, path: ${JSON.stringify(path)}, roles: ${roleSet} }`;
      });
      return `import { ${[...new Set(roleSets.values())].join(', ')} } from ${JSON.stringify(ROUTE_MODULE)};\nexport const routes = {\n${entries.join(',\n')}\n};\n`;
    },
  };
}

/**
 * After the browser build, from Vite's manifest (build/page-html.ts): writes index.html, the page shells (with their
 * session check prerendered, and a dashboard's signed-in frame) and the prerendered public pages of the page table
 * (shared/web-pages.ts), the CSP hashes of what they inline, and prints the initial JS size.
 */
function writePages(): Plugin {
  let outDir = '';
  return {
    name: 'write-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, MANIFEST_DIR, 'manifest.json'), 'utf8')) as Manifest;
      await rm(path.join(outDir, MANIFEST_DIR), { recursive: true, force: true });
      reportSizes(manifest, outDir);
      const template = await readFile(path.join(__dirname, 'index.html'), 'utf8');
      const plans = planPageHtml(manifest, PAGES_WITH_HTML);
      const readBuilt = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
      const renderer = plans.some((plan) => plan.prerender) ? await buildRenderer() : undefined;
      const frameScript = plans.some((plan) => plan.signedInFrame) ? await buildSignedInFrameScript() : undefined;
      // The CSP allows an inline stylesheet or script only by its hash (the prerendered pages inline the entry's
      // stylesheet, the dashboards' shells the signed-in frame's script).
      const hashOf = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
      const styles = new Set<string>();
      try {
        for (const plan of plans) {
          for (const tag of plan.head) {
            if (tag.tag === 'inline-style') styles.add(hashOf(readBuilt(tag.file)));
          }
          const head = plan.head.map((tag) => headTagHtml(tag, readBuilt));
          let html: string;
          if (plan.prerender && renderer) {
            const { path: pagePath } = plan.prerender;
            const page: PageContent = await renderer.prerenderPage(pagePath);
            // The CSP allows no other inline script, and inline styles only by the hashes written below.
            if (/<script/i.test(page.html)) throw new Error(`The prerendered ${pagePath} has an inline script, which the CSP blocks`);
            if (/<style|\sstyle=/i.test(page.html)) throw new Error(`The prerendered ${pagePath} has an inline style, which the CSP blocks`);
            if (plan.signedInFrame && frameScript) {
              const frame = await renderer.prerenderPage(pagePath, plan.signedInFrame);
              if (/<script|<style|<\/template/i.test(frame.html)) throw new Error(`The signed-in frame of ${pagePath} has a script, a stylesheet or a template end`);
              // Its style attributes, which the CSP would report, its script sets through the CSSOM (React escapes `"` in
              // text, so only attributes match).
              const html = frame.html.replaceAll(' style="', ` ${FRAME_STYLE_ATTRIBUTE}="`);
              page.signedInFrame = { role: plan.signedInFrame, html, script: frameScript };
            }
            html = pageDocument(template, head, page);
            console.log(`Prerendered ${pagePath} into ${plan.file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
          } else {
            html = pageDocument(template, head);
          }
          await mkdir(path.dirname(path.join(outDir, plan.file)), { recursive: true });
          await writeFile(path.join(outDir, plan.file), html);
        }
        const hashes: InlineHashes = { styles: [...styles], scripts: frameScript ? [hashOf(frameScript)] : [] };
        await writeFile(path.join(outDir, INLINE_HASHES_FILE), JSON.stringify(hashes));
      } finally {
        await rm(PRERENDER_BUILD_DIR, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Builds src/prerender.tsx for Node into a scratch folder and loads it: it renders a public page with react-dom/static
 * from the app's own components, as the browser's first render draws it, so src/main.tsx hydrates it.
 */
async function buildRenderer(): Promise<{ prerenderPage: typeof prerenderPage }> {
  await build({
    configFile: false,
    root: __dirname,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: ALIASES },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: PRERENDER_BUILD_DIR,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  return (await import(pathToFileURL(path.join(PRERENDER_BUILD_DIR, 'prerender.mjs')).href)) as { prerenderPage: typeof prerenderPage };
}

/**
 * Prints the size of the JavaScript a first visit downloads before any data (build/page-html.ts, initialFiles), raw
 * and gzipped, and fails the build over its budget; then what each file viewer of the reader loads on top of that
 * when a section of its type is opened (its chunk and the chunks only it pulls in, such as the zip reader the office
 * viewers share), and pdf.js's worker.
 */
function reportSizes(manifest: Manifest, outDir: string) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const bytesOf = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const code = readFileSync(path.join(outDir, file));
      raw += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const sizeOf = (files: Iterable<string>) => {
    const { raw, gzip } = bytesOf(files);
    return `${kb(raw)} (gzip ${kb(gzip)})`;
  };
  const initial = initialFiles(manifest, PAGES_WITH_HTML);
  console.log(`\nInitial JS: ${sizeOf(initial)}; budget ${kb(INITIAL_JS_BUDGET_GZIP)} gzip; in ${initial.join(', ')}`);
  if (bytesOf(initial).gzip > INITIAL_JS_BUDGET_GZIP) {
    throw new Error(
      `Initial JS is over its budget of ${kb(INITIAL_JS_BUDGET_GZIP)} gzip: something the entry or a preloaded page ` +
        'imports statically pulled a library in (load it with import() where it is used).',
    );
  }

  const fileOf = (key: string) => manifest[key]!.file;
  const initialKeys = Object.keys(manifest).filter((key) => initial.includes(fileOf(key)));
  for (const key of Object.keys(manifest)) {
    const viewer = /\/reader\/viewers\/(\w+)-viewer\.tsx$/.exec(key);
    if (!viewer) continue;
    // Loaded already: the initial chunks and whatever the page that opens the viewer needed.
    const importers = Object.keys(manifest).filter((other) => manifest[other]!.dynamicImports?.includes(key));
    const loaded = new Set(withStaticImports(manifest, [...initialKeys, ...importers]));
    const own = withStaticImports(manifest, [key]).filter((other) => other === key || !loaded.has(other));
    console.log(`Viewer ${viewer[1]!.toUpperCase()}: ${sizeOf(own.map(fileOf))} in ${own.map(fileOf).join(', ')}`);
  }
  const worker = Object.values(manifest).filter((chunk) => /pdf\.worker/.test(chunk.file)).map((chunk) => chunk.file);
  if (worker.length) console.log(`pdf.js worker: ${sizeOf(worker)} in ${worker.join(', ')}`);
  console.log('');
}

export default defineConfig({
  root: __dirname,
  plugins: [react(), lightRouteTable(), writePages()],
  resolve: { alias: ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hidden maps: written for debugging and error reports, not referenced from the chunks and not deployed (WebStack).
    sourcemap: 'hidden',
    // Which chunks and stylesheets each module needs, for the pages' HTML (writePages). The HTML is written there from
    // index.html, so the entry is the script itself.
    manifest: `${MANIFEST_DIR}/manifest.json`,
    rolldownOptions: { input: { index: path.join(__dirname, ENTRY_MODULE) } },
  },
});
