// The built pages' HTML (needs `npm run build`): what each page of the page table preloads before its scripts run, and
// what a page shell shows before them.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { frameRoleOf, htmlFileOf, PAGES_WITH_HTML, WEB_PAGES } from '../../shared/web-pages';
import { FRAME_NAME, FRAME_TEMPLATE_ID } from '../../web/src/signed-in-frame-markup';
import { readInlineHashes } from '../inline-hashes';
import { MODULES_AFTER_PAINT } from '../../web/src/modules-after-paint';
import { REPO_ROOT } from '../constructs/bundling';

const dist = path.join(REPO_ROOT, 'web', 'dist');

/** The script and link tags of a built HTML file's head, and the modules it fetches after painting, in order. */
function headOf(file: string) {
  const full = path.join(dist, file);
  if (!existsSync(full)) throw new Error(`${full} does not exist: run \`npm run build\` first (npm test does).`);
  const html = readFileSync(full, 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<(script|link|style|meta)\b([^>]*)>/g)].flatMap(([, tag, attrs]) => {
    // A prerendered page names the modules its entry fetches once the page has painted (web/build/page-html.ts).
    if (tag === 'meta') {
      const afterPaint = new RegExp(`name="${MODULES_AFTER_PAINT}" content="([^"]*)"`).exec(attrs!);
      return afterPaint ? afterPaint[1]!.split(' ').map((file) => ({ kind: 'after-paint', file: file.slice(1), lowPriority: true })) : [];
    }
    return [{ kind: tag === 'link' ? /rel="(\w+)"/.exec(attrs!)![1] : tag, file: /(?:src|href)="\/([^"]+)"/.exec(attrs!)?.[1], lowPriority: attrs!.includes('fetchpriority="low"') }];
  });
}

/** The chunk of a page module: Vite names it after the file. */
const isChunkOf = (module: string, file = '') => new RegExp(`^assets/${module.slice(module.indexOf('/') + 1)}-[\\w-]{8}\\.js$`).test(file);

describe('the built pages (npm run build)', () => {
  const shell = () => headOf('index.html');

  test('the app shell loads the entry and preloads the start modules, React DOM and the app, at normal priority', () => {
    const head = shell();
    expect(head[0]).toMatchObject({ kind: 'script', lowPriority: false });
    expect(head.filter((tag) => tag.kind === 'modulepreload').map((tag) => tag.file)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^assets\/client-/), expect.stringMatching(/^assets\/start-app-/)]),
    );
    expect(head.every((tag) => !tag.lowPriority)).toBe(true);
  });

  test.each(PAGES_WITH_HTML.map((page) => [page.path, page] as const))('%s: its HTML starts as the app shell does and preloads its own page, no other, nor Amplify', (_path, page) => {
    const head = headOf(htmlFileOf(page));
    const start = shell().filter((tag) => tag.kind !== 'stylesheet');
    const files = head.map((tag) => tag.file);
    expect(head.filter((tag) => tag.kind !== 'style' && tag.kind !== 'stylesheet').slice(0, start.length).map((tag) => tag.file)).toEqual(start.map((tag) => tag.file));
    const pageChunks = files.filter((file) => WEB_PAGES.some(({ module }) => isChunkOf(module, file)));
    expect(pageChunks).toEqual([expect.stringMatching(new RegExp(`^assets/${page.module.slice(page.module.indexOf('/') + 1)}-`))]);
    expect(files.filter((file) => /amplify|auth-services/i.test(file ?? ''))).toEqual([]);
    if (page.html === 'prerendered') {
      // Its content is in the HTML: the entry at low priority, every other module fetched after the first paint, the
      // entry's stylesheet inline.
      expect(head.filter((tag) => tag.kind === 'script' || tag.kind === 'after-paint').every((tag) => tag.lowPriority)).toBe(true);
      expect(head.filter((tag) => tag.kind === 'modulepreload')).toEqual([]);
      expect(head.some((tag) => tag.kind === 'style')).toBe(true);
    } else {
      // The start, then the page's chunks, all at normal priority (the page can neither draw nor ask for its data
      // before the last of them is in), with its stylesheets linked.
      const pageIndex = files.findIndex((file) => file && isChunkOf(page.module, file));
      expect(head.every((tag) => !tag.lowPriority)).toBe(true);
      expect(head.slice(pageIndex).every((tag) => tag.kind === 'modulepreload')).toBe(true);
      expect(files).toContainEqual(expect.stringMatching(/^assets\/web-config-/));
    }
  });

  test.each(PAGES_WITH_HTML.filter((page) => page.html === 'shell').map((page) => [page.path, page] as const))(
    "%s: its HTML holds the app's first screen there, the session being checked, so a slow phone paints before any script",
    (_path, page) => {
      const html = readFileSync(path.join(dist, htmlFileOf(page)), 'utf8');
      const root = /<div id="root">([\s\S]*?)<\/div>(?:<template|\s*<\/body>)/.exec(html)?.[1];
      expect(root).toBe('<main id="main" class="page" tabindex="-1"><p class="loading" role="status" aria-live="polite">Checking your session...</p></main>');
    },
  );

  test.each(PAGES_WITH_HTML.filter((page) => page.html === 'shell').map((page) => [page.path, page] as const))(
    '%s: a dashboard\'s HTML holds its signed-in frame, its role\'s page named for the user to come, and the script that shows it, which the CSP allows by its hash',
    (_path, page) => {
      const html = readFileSync(path.join(dist, htmlFileOf(page)), 'utf8');
      const frame = new RegExp(`<template id="${FRAME_TEMPLATE_ID}" data-role="(\\w+)">([\\s\\S]*?)</template><script>([\\s\\S]*?)</script>`).exec(html);
      const role = frameRoleOf(page);
      if (!role) return expect(frame).toBeNull();
      const [, frameRole, frameHtml, script] = frame!;
      expect(frameRole).toBe(role);
      expect(frameHtml).toMatch(new RegExp(`<h1>Welcome(?: back)?, (<!-- -->)?${FRAME_NAME}(<!-- -->)?!</h1>`));
      expect(frameHtml).toContain('<header class="site-header">');
      const hash = `sha256-${createHash('sha256').update(script!).digest('base64')}`;
      expect(readInlineHashes(dist, { required: true }).scripts).toEqual([hash]);
    },
  );
});
