import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { PAGE_SHELLS, PRERENDERED_PAGES } from '../shared/web-delivery';
import type { prerenderPage } from './src/prerender';

/** The path aliases of web/tsconfig.json. */
const ALIASES = { '@shared': path.resolve(__dirname, '../shared'), '@web': path.resolve(__dirname, 'src') };

/**
 * The page module of each prerendered page (PRERENDERED_PAGES): its HTML preloads that page's chunks beside the entry,
 * and no other page's (a preloaded module is compiled on the main thread after the first paint, needed or not).
 */
const PRERENDERED_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'features/landing/landing-page.tsx',
  '/teacher-login': 'features/auth/teacher-login-page.tsx',
  '/student-login': 'features/auth/student-login-page.tsx',
  '/admin-login': 'features/auth/admin-login-page.tsx',
};

/** The page module of each page shell's route (PAGE_SHELLS), which that shell preloads. */
const PAGE_SHELL_MODULES: Readonly<Record<string, string>> = {
  '/teacher-dashboard': 'features/dashboard/teacher-dashboard-page.tsx',
  '/analytics/:classId': 'features/progress/class-report-page.tsx',
  '/student-dashboard': 'features/dashboard/student-dashboard-page.tsx',
  '/student/class/:classId/module/:moduleId': 'features/progress/student-module-page.tsx',
  '/student/class/:classId/module/:moduleId/section/:sectionId': 'features/reader/reader-page.tsx',
  '/admin-dashboard': 'features/admin/admin-dashboard-page.tsx',
};

/**
 * What a signed-in page loads once the entry has run (src/app/config.ts): the configuration's schema. Not Amplify: with
 * a valid stored session the page is drawn, and its data loaded, before Amplify is needed (src/app/stored-session.ts).
 */
const CONFIG_SCHEMA_MODULES = ['/shared/web-config.ts'];

/**
 * What src/main.tsx imports one after the other at start, so each is evaluated in a task of its own: every page needs
 * them, so index.html preloads them (the entry would fetch each only when it gets to it).
 */
const START_MODULES = ['/node_modules/react-dom/client.js', '/src/app/start-app.tsx'];

type Chunks = Map<
  string,
  { code: string; imports: string[]; facadeModuleId: string | null; isEntry: boolean; viteMetadata?: { importedCss: Set<string> } }
>;

function chunksOf(bundle: Rolldown.OutputBundle): Chunks {
  const chunks: Chunks = new Map();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  return chunks;
}

/** The chunks and every chunk they import statically, transitively. */
function withStaticImports(chunks: Chunks, start: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    chunks.get(fileName)?.imports.forEach(visit);
  };
  start.forEach(visit);
  return found;
}

const entryFiles = (chunks: Chunks) => [...chunks].filter(([, chunk]) => chunk.isEntry).map(([fileName]) => fileName);

const chunksOfModules = (chunks: Chunks, moduleSuffixes: string[]) =>
  [...chunks].filter(([, chunk]) => moduleSuffixes.some((suffix) => chunk.facadeModuleId?.endsWith(suffix))).map(([fileName]) => fileName);

/** Every chunk each page loads before it renders: the entry's and the start modules', with their static imports. */
function startFiles(chunks: Chunks): Set<string> {
  return withStaticImports(chunks, [...entryFiles(chunks), ...chunksOfModules(chunks, START_MODULES)]);
}

/** The start modules' chunks (with their static imports) that the entry does not import statically. */
function startModuleFiles(chunks: Chunks): string[] {
  const entry = withStaticImports(chunks, entryFiles(chunks));
  return [...startFiles(chunks)].filter((fileName) => !entry.has(fileName));
}

/** The chunks (with their static imports) of the page module `page` that the start does not already load. */
function pageFiles(chunks: Chunks, page: string): string[] {
  const initial = startFiles(chunks);
  return [...withStaticImports(chunks, chunksOfModules(chunks, [`/src/${page}`]))].filter((fileName) => !initial.has(fileName));
}

/** Per prerendered page (app path): the chunks of its page module, which its HTML preloads (prerenderPublicPages). */
const prerenderedPagePreloads = new Map<string, string[]>();

/** Per prerendered page (app path): the stylesheets of its page module's chunks, which its HTML inlines. */
const prerenderedPageStylesheets = new Map<string, string[]>();

/** Per page shell (file in web/dist): the chunks it preloads and the stylesheets it links (writePageShells). */
const pageShellPreloads = new Map<string, { scripts: string[]; stylesheets: string[] }>();

/** The stylesheets the chunks import, which Vite would otherwise request only once each chunk is imported. */
const stylesheetsOf = (chunks: Chunks, fileNames: Iterable<string>) => [
  ...new Set([...fileNames].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])])),
];

/**
 * Adds `<link rel="modulepreload">` to index.html for the start modules' chunks, so they download in parallel with the
 * entry instead of after it, and notes each prerendered page's own chunks for its HTML. Other pages get index.html, and
 * their own chunk is fetched by the start-up code.
 */
function preloadStartModules(): Plugin {
  return {
    name: 'preload-start-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const chunks = chunksOf(context.bundle);
        for (const [pathname, page] of Object.entries(PRERENDERED_PAGE_MODULES)) {
          const files = pageFiles(chunks, page);
          if (!files.length) throw new Error(`No chunk found for ${page}, the page module of ${pathname}`);
          prerenderedPagePreloads.set(pathname, files);
          prerenderedPageStylesheets.set(pathname, stylesheetsOf(chunks, files));
        }
        const initial = startFiles(chunks);
        const startModules = startModuleFiles(chunks);
        const configSchema = [...withStaticImports(chunks, chunksOfModules(chunks, CONFIG_SCHEMA_MODULES))].filter((fileName) => !initial.has(fileName));
        if (configSchema.length < CONFIG_SCHEMA_MODULES.length) throw new Error(`No chunks found for ${CONFIG_SCHEMA_MODULES.join(', ')}`);
        for (const { route, file } of PAGE_SHELLS) {
          const page = PAGE_SHELL_MODULES[route];
          if (!page) throw new Error(`${route} has a page shell but no page module in PAGE_SHELL_MODULES`);
          const files = pageFiles(chunks, page);
          if (!files.length) throw new Error(`No chunk found for ${page}, the page module of ${route}`);
          pageShellPreloads.set(file, {
            scripts: [...new Set([...files, ...configSchema])],
            stylesheets: stylesheetsOf(chunks, [...startModules, ...files]),
          });
        }
        return startModules.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

const modulePreloadLinks = (fileNames: string[]) =>
  fileNames.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`).join('');

/**
 * The prerendered pages' content is in their HTML: the scripts only make it interactive, so they may load at low
 * priority and leave the bandwidth of a slow phone to what paints.
 */
const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');

/** A build-only plugin that runs `write` with the output folder once the browser build is written. */
function afterBuild(name: string, write: (outDir: string) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => write(outDir),
  };
}

/** Where the build-time renderer is built; inside web/ so its imports resolve from the repository's node_modules. */
const PRERENDER_BUILD_DIR = path.join(__dirname, '.prerender');

/** A built stylesheet as an inline `<style>` (the CSP allows inline styles, not scripts). */
async function inlineStylesheet(outDir: string, file: string): Promise<string> {
  const css = await readFile(path.join(outDir, file), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains </style`);
  return `<style>${css}</style>`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * After the browser build: renders each public page of PRERENDERED_PAGES with react-dom/static from the app's own
 * components (src/prerender.tsx, built for Node into a scratch folder), and writes it into a copy of the built
 * index.html with the entry's stylesheet inline, so the page's content is in the first response, styled, and
 * src/main.tsx hydrates it. The CSP allows no inline script: a prerendered page carrying one fails the build.
 */
function prerenderPublicPages(): Plugin {
  return afterBuild('prerender-public-pages', async (outDir) => {
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
    try {
      const renderer = (await import(pathToFileURL(path.join(PRERENDER_BUILD_DIR, 'prerender.mjs')).href)) as {
        prerenderPage: typeof prerenderPage;
      };
      const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
      // The entry's stylesheet, and each page's own, go inline: the page paints with the HTML alone instead of after
      // a second request. A few kB gzip; other pages keep the cached files.
      const stylesheets = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
      let publicShell = shell;
      for (const [link, file] of stylesheets) {
        const style = await inlineStylesheet(outDir, file!);
        publicShell = publicShell.replace(link, () => style);
      }
      for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
        const preloads = prerenderedPagePreloads.get(pathname);
        if (!preloads) throw new Error(`${pathname} is prerendered but has no page module in PRERENDERED_PAGE_MODULES`);
        const pageStyles = await Promise.all((prerenderedPageStylesheets.get(pathname) ?? []).map((file) => inlineStylesheet(outDir, file)));
        const page = await renderer.prerenderPage(pathname);
        if (/<script/i.test(page.html)) throw new Error(`The prerendered ${pathname} has an inline script, which the CSP blocks`);
        const html = lowPriorityScripts(publicShell)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          .replace('</head>', () => `${pageStyles.join('')}${lowPriorityScripts(modulePreloadLinks(preloads))}</head>`)
          .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
        if (!html.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
        await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
        await writeFile(path.join(outDir, file), html);
        console.log(`Prerendered ${pathname} into ${file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
      }
    } finally {
      await rm(PRERENDER_BUILD_DIR, { recursive: true, force: true });
    }
  });
}

/**
 * After the browser build: writes each page shell (PAGE_SHELLS), the built index.html with its page's preloads, at low
 * priority so they leave the entry and the start modules the bandwidth first (measured: docs/decisions.md).
 */
function writePageShells(): Plugin {
  return afterBuild('write-page-shells', async (outDir) => {
    const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('</head>')) throw new Error('index.html has no </head> to add the page shells\' preloads to');
    for (const [file, { scripts, stylesheets }] of pageShellPreloads) {
      const links = stylesheets.map((fileName) => `<link rel="stylesheet" crossorigin href="/${fileName}">`).join('') + lowPriorityScripts(modulePreloadLinks(scripts));
      await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
      await writeFile(path.join(outDir, file), shell.replace('</head>', () => `${links}</head>`));
    }
  });
}

/** What a first visit may download before any data (issues 8 and 14); a build over it fails. */
const INITIAL_JS_BUDGET_GZIP = 135 * 1024;

/**
 * Prints the size of the JavaScript a first visit downloads before any data: the entry chunk, the start modules, every
 * chunk they import statically and the prerendered pages' own chunks, raw and gzipped (other lazy pages are
 * excluded); then what each file viewer of the reader loads on top of that when a section of its type is opened (its
 * chunk and the chunks only it pulls in, such as the zip reader the office viewers share), and pdf.js's worker.
 */
function initialJsSize(): Plugin {
  return {
    name: 'initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const prerenderedPages = Object.values(PRERENDERED_PAGE_MODULES).flatMap((page) => pageFiles(chunks, page));
      const initial = new Set([...startFiles(chunks), ...prerenderedPages]);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      const bytesOf = (fileNames: Iterable<string>) => {
        let raw = 0;
        let gzip = 0;
        for (const fileName of fileNames) {
          const output = bundle[fileName];
          const code = Buffer.from(output?.type === 'chunk' ? output.code : (output?.source ?? ''));
          raw += code.length;
          gzip += gzipSync(code, { level: 9 }).length;
        }
        return { raw, gzip };
      };
      const sizeOf = (fileNames: Iterable<string>) => {
        const { raw, gzip } = bytesOf(fileNames);
        return `${kb(raw)} (gzip ${kb(gzip)})`;
      };
      this.info(`initial JS (${initial.size} chunk${initial.size === 1 ? '' : 's'}): ${sizeOf(initial)}`);
      // Also on stdout without Vite's plugin prefix, for scripts that grep the build log.
      console.log(`\nInitial JS: ${sizeOf(initial)}; budget ${kb(INITIAL_JS_BUDGET_GZIP)} gzip; in ${[...initial].join(', ')}`);
      if (bytesOf(initial).gzip > INITIAL_JS_BUDGET_GZIP) {
        this.error(
          `Initial JS is over its budget of ${kb(INITIAL_JS_BUDGET_GZIP)} gzip: something the entry or a preloaded page ` +
            'imports statically pulled a library in (load it with import() where it is used).',
        );
      }

      for (const [fileName, chunk] of chunks) {
        const viewer = /\/reader\/viewers\/(\w+)-viewer\.tsx$/.exec(chunk.facadeModuleId ?? '');
        if (!viewer) continue;
        // Loaded already: the initial chunks and whatever the page that opens the viewer needed.
        const importers = Object.values(bundle)
          .filter((other) => other.type === 'chunk' && other.dynamicImports.includes(fileName))
          .map((importer) => importer.fileName);
        const loaded = withStaticImports(chunks, [...initial, ...importers]);
        const own = new Set<string>();
        const visitOwn = (name: string) => {
          if (own.has(name) || (loaded.has(name) && name !== fileName)) return;
          own.add(name);
          chunks.get(name)?.imports.forEach(visitOwn);
        };
        visitOwn(fileName);
        console.log(`Viewer ${viewer[1].toUpperCase()}: ${sizeOf(own)} in ${[...own].join(', ')}`);
      }
      const worker = Object.keys(bundle).filter((name) => /pdf\.worker/.test(name) && !name.endsWith('.map'));
      if (worker.length) console.log(`pdf.js worker: ${sizeOf(worker)} in ${worker.join(', ')}`);
      console.log('');
    },
  };
}

export default defineConfig({
  root: __dirname,
  plugins: [react(), preloadStartModules(), initialJsSize(), prerenderPublicPages(), writePageShells()],
  resolve: { alias: ALIASES },
  // Hidden maps: written for debugging and error reports, not referenced from the chunks and not deployed (WebStack).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
});
