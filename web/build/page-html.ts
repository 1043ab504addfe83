// The HTML files of the build, made from web/index.html and Vite's manifest (which chunks and stylesheets each module
// needs): index.html, the app shell; a page shell per signed-in page of the page table marked `shell`, a dashboard's
// with its signed-in frame; the frame of each prerendered public page (web/vite.config.ts renders its content into it).
import type { Manifest } from 'vite';
import type { Role } from '../../shared/roles';
import { frameRoleOf, htmlFileOf, type PageWithHtml } from '../../shared/web-pages';
import { MODULES_AFTER_PAINT } from '../src/modules-after-paint';
import { FRAME_TEMPLATE_ID } from '../src/signed-in-frame-markup';

/** The build's entry (rolldownOptions.input), as the manifest names it. */
export const ENTRY_MODULE = 'src/main.tsx';

/**
 * What src/main.tsx imports one after the other at start, so each is evaluated in a task of its own: every page needs
 * them, so every HTML preloads them (the entry would fetch each only when it gets to it).
 */
const START_MODULES = ['react-dom/client.js', 'src/app/start-app.tsx'];

/**
 * What a signed-in page loads once the entry has run (src/app/auth): the configuration's schema. Not Amplify: with a
 * valid stored session the page is drawn, and its data loaded, before Amplify is needed.
 */
const CONFIG_SCHEMA_MODULE = 'shared/web-config.ts';

/**
 * What every signed-in page renders in (app/router.tsx loads it lazily, so public pages do without): the data cache and
 * the signed-in headers.
 */
const SIGNED_IN_AREA_MODULE = 'src/app/signed-in-area.tsx';

/** The source module of a page of the page table, as the manifest names it. */
export const pageModuleKey = (page: Pick<PageWithHtml, 'module'>) => `src/features/${page.module}.tsx`;

/** The one manifest key that ends with `/suffix` (or is `suffix`); the build fails without one. */
function keyOf(manifest: Manifest, suffix: string): string {
  const keys = Object.keys(manifest).filter((key) => key === suffix || key.endsWith(`/${suffix}`));
  if (keys.length !== 1) throw new Error(`Expected one chunk for ${suffix} in Vite's manifest, found ${keys.length}`);
  return keys[0]!;
}

/** The chunks (manifest keys) and every chunk they import statically, depth first, each once. */
export function withStaticImports(manifest: Manifest, keys: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (found.has(key)) return;
    found.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...found];
}

export interface StartChunks {
  /** The entry's file and its stylesheets. */
  entry: { file: string; css: string[] };
  /** Files of the start modules (with their static imports) that the entry does not import statically. */
  startModules: string[];
  /** Keys of every chunk each page loads before it renders. */
  initialKeys: Set<string>;
}

export function startChunks(manifest: Manifest): StartChunks {
  const entry = manifest[ENTRY_MODULE];
  if (!entry?.isEntry) throw new Error(`Vite's manifest has no entry ${ENTRY_MODULE}`);
  const entryKeys = new Set(withStaticImports(manifest, [ENTRY_MODULE]));
  const initial = withStaticImports(manifest, [ENTRY_MODULE, ...START_MODULES.map((module) => keyOf(manifest, module))]);
  return {
    entry: { file: entry.file, css: entry.css ?? [] },
    startModules: initial.filter((key) => !entryKeys.has(key)).map((key) => manifest[key]!.file),
    initialKeys: new Set(initial),
  };
}

/** The files a page's module needs beyond what every page loads at start, in the order it imports them. */
export function pageFiles(manifest: Manifest, start: StartChunks, moduleKey: string): string[] {
  if (!manifest[moduleKey]) throw new Error(`Vite's manifest has no chunk for ${moduleKey}`);
  return withStaticImports(manifest, [moduleKey])
    .filter((key) => !start.initialKeys.has(key))
    .map((key) => manifest[key]!.file);
}

/** The stylesheets of the chunks whose files are given, in their order. */
function stylesheetsOf(manifest: Manifest, files: readonly string[]): string[] {
  const chunks = Object.values(manifest);
  return [...new Set(files.flatMap((file) => chunks.find((chunk) => chunk.file === file)?.css ?? []))];
}

/** A `<head>` element to write: a script, a module preload or a stylesheet link (files relative to the site's root). */
export type HeadTag =
  | { tag: 'script' | 'modulepreload' | 'stylesheet'; file: string; lowPriority?: boolean }
  | { tag: 'inline-style'; file: string }
  /** Modules the entry preloads once the page has painted (src/main.tsx), listed in a meta element (no inline script). */
  | { tag: 'modules-after-paint'; files: string[] };


export interface PageHtmlPlan {
  /** File in web/dist. */
  file: string;
  head: HeadTag[];
  /** The page whose first screen src/prerender.tsx renders into #root: a prerendered page's content, a shell's session check. */
  prerender?: PageWithHtml;
  /** The role whose signed-in frame a dashboard's shell holds, for its inline script to show (src/signed-in-frame.ts). */
  signedInFrame?: Role;
}

const preloads = (files: readonly string[]): HeadTag[] => files.map((file) => ({ tag: 'modulepreload', file, lowPriority: false }));

/**
 * Every HTML file's head. The app shell: the entry, its stylesheet, the start modules' preloads (downloaded beside the
 * entry rather than after it has run). A prerendered page: the entry at low priority, the start modules and its page's
 * chunks listed for the entry to preload once the page has painted (its content is in the HTML: the scripts only make
 * it interactive, and neither their downloads nor their evaluation come before its first paint), and the entry's and
 * its page's stylesheets inline (it paints from the first response). A page shell: the app shell plus the start
 * modules', the signed-in area's and its page's stylesheets and the chunks of the area, of its page and of the
 * configuration schema, at the start modules' priority: the page can neither render nor ask for its data before the
 * last of them is in, and at low priority a slow phone fetches them one after another, after everything else. Its
 * first screen, the session being checked, is in #root, as the app hydrates it; a dashboard's also holds its
 * signed-in frame, which its inline script shows instead from a stored session.
 */
export function planPageHtml(manifest: Manifest, pages: readonly PageWithHtml[]): PageHtmlPlan[] {
  const start = startChunks(manifest);
  const configSchema = pageFiles(manifest, start, keyOf(manifest, CONFIG_SCHEMA_MODULE));
  const signedInArea = pageFiles(manifest, start, keyOf(manifest, SIGNED_IN_AREA_MODULE));
  const shellHead: HeadTag[] = [
    { tag: 'script', file: start.entry.file, lowPriority: false },
    ...start.entry.css.map((file): HeadTag => ({ tag: 'stylesheet', file })),
    ...preloads(start.startModules),
  ];
  return [
    { file: 'index.html', head: shellHead },
    ...pages.map((page): PageHtmlPlan => {
      const files = pageFiles(manifest, start, pageModuleKey(page));
      if (page.html === 'prerendered') {
        const pageCss = stylesheetsOf(manifest, [...start.startModules, ...files]).map((file): HeadTag => ({ tag: 'inline-style', file }));
        const head: HeadTag[] = [
          { tag: 'script', file: start.entry.file, lowPriority: true },
          ...start.entry.css.map((file): HeadTag => ({ tag: 'inline-style', file })),
          ...pageCss,
          { tag: 'modules-after-paint', files: [...start.startModules, ...files] },
        ];
        return { file: htmlFileOf(page), head, prerender: page };
      }
      const shellFiles = [...new Set([...signedInArea, ...files])];
      return {
        file: htmlFileOf(page),
        // Its first screen (the session being checked) is in the HTML: a slow phone paints it before any script.
        prerender: page,
        signedInFrame: frameRoleOf(page),
        head: [
          ...shellHead,
          ...stylesheetsOf(manifest, [...start.startModules, ...shellFiles]).map((file): HeadTag => ({ tag: 'stylesheet', file })),
          ...preloads([...new Set([...shellFiles, ...configSchema])]),
        ],
      };
    }),
  ];
}

/** The initial JS of a first visit: every chunk each page loads at start, and the prerendered pages' own chunks. */
export function initialFiles(manifest: Manifest, pages: readonly PageWithHtml[]): string[] {
  const start = startChunks(manifest);
  const prerendered = pages.filter((page) => page.html === 'prerendered').flatMap((page) => pageFiles(manifest, start, pageModuleKey(page)));
  return [...new Set([...[...start.initialKeys].map((key) => manifest[key]!.file), ...prerendered])];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How a head tag is written; `readText` reads a built file (for an inline stylesheet). */
export function headTagHtml(tag: HeadTag, readText: (file: string) => string): string {
  if (tag.tag === 'inline-style') {
    const css = readText(tag.file);
    if (/<\/style/i.test(css)) throw new Error(`${tag.file} cannot be inlined: it contains </style`);
    return `<style>${css}</style>`;
  }
  if (tag.tag === 'modules-after-paint') return `<meta name="${MODULES_AFTER_PAINT}" content="${tag.files.map((file) => `/${file}`).join(' ')}">`;
  const priority = tag.lowPriority ? ' fetchpriority="low"' : '';
  if (tag.tag === 'script') return `<script type="module"${priority} crossorigin src="/${tag.file}"></script>`;
  return `<link rel="${tag.tag}"${priority} crossorigin href="/${tag.file}">`;
}

/** The development entry's tag in web/index.html, which the build replaces with the head tags. */
const DEV_ENTRY_TAG = `<script type="module" src="/${ENTRY_MODULE}"></script>`;

/** A prerendered page's title and #root; a dashboard shell's signed-in frame, and the script that shows it. */
export interface PageContent {
  title: string;
  html: string;
  signedInFrame?: { role: Role; html: string; script: string };
}

/**
 * web/index.html with the head tags instead of its development entry, and, for a prerendered page, its title and the
 * content of #root; after #root, a signed-in frame's template and its script, which runs as the parser reaches it,
 * before the first paint.
 */
export function pageDocument(template: string, head: string[], content?: PageContent): string {
  const [beforeEntry, afterEntry] = splitOnce(template, DEV_ENTRY_TAG);
  const [beforeHead, afterHead] = splitOnce(`${beforeEntry.trimEnd()}${afterEntry}`, '</head>');
  let document = `${beforeHead}${head.map((tag) => `  ${tag}\n  `).join('')}</head>${afterHead}`;
  if (content) {
    const [beforeTitle, afterTitle] = splitOnce(document, '<title>');
    document = `${beforeTitle}<title>${escapeHtml(content.title)}${afterTitle.slice(afterTitle.indexOf('</title>'))}`;
    const [beforeRoot, afterRoot] = splitOnce(document, '<div id="root"></div>');
    const frame = content.signedInFrame;
    const frameHtml = frame
      ? `<template id="${FRAME_TEMPLATE_ID}" data-role="${frame.role}">${frame.html}</template><script>${frame.script}</script>`
      : '';
    document = `${beforeRoot}<div id="root">${content.html}</div>${frameHtml}${afterRoot}`;
  }
  return document;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  if (index < 0) throw new Error(`web/index.html has no ${separator}`);
  return [text.slice(0, index), text.slice(index + separator.length)];
}
