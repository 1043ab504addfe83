import type { Manifest } from 'vite';
import { htmlFileOf, PAGES_WITH_HTML, WEB_PAGES } from '../../shared/web-pages';
import { headTagHtml, initialFiles, pageDocument, planPageHtml, type HeadTag } from './page-html';

const nameOf = (module: string) => module.slice(module.indexOf('/') + 1);

/**
 * A build's manifest in miniature: the entry imports React DOM and the app dynamically; every page imports the JSX
 * runtime (a start chunk) and a page of its own, the dashboards a shared card with a stylesheet; the signed-in area
 * (loaded by the router) its data cache and a stylesheet.
 */
const manifest: Manifest = {
  'src/main.tsx': {
    file: 'assets/index-1.js',
    src: 'src/main.tsx',
    isEntry: true,
    css: ['assets/index-1.css'],
    dynamicImports: ['../node_modules/react-dom/client.js', 'src/app/start-app.tsx', '../shared/web-config.ts', 'src/lib/auth/auth-services.ts'],
  },
  '../node_modules/react-dom/client.js': { file: 'assets/client-1.js', isDynamicEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/app/start-app.tsx': { file: 'assets/start-app-1.js', isDynamicEntry: true, imports: ['_react-1.js', '_jsx-1.js'], css: ['assets/start-app-1.css'] },
  '_jsx-1.js': { file: 'assets/jsx-1.js' },
  '../shared/web-config.ts': { file: 'assets/web-config-1.js', isDynamicEntry: true, imports: ['_zod-1.js'] },
  '_zod-1.js': { file: 'assets/zod-1.js' },
  'src/lib/auth/auth-services.ts': { file: 'assets/auth-services-1.js', isDynamicEntry: true },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_jsx-1.js'], css: ['assets/card-1.css'] },
  'src/app/signed-in-area.tsx': {
    file: 'assets/signed-in-area-1.js',
    isDynamicEntry: true,
    imports: ['_jsx-1.js', '_query-1.js'],
    css: ['assets/signed-in-area-1.css'],
  },
  '_query-1.js': { file: 'assets/query-1.js' },
  ...Object.fromEntries(
    WEB_PAGES.map(({ module }) => [
      `src/features/${module}.tsx`,
      {
        file: `assets/${nameOf(module)}-1.js`,
        isDynamicEntry: true,
        imports: ['_jsx-1.js', ...(module.includes('dashboard') ? ['_card-1.js'] : [])],
        ...(module.endsWith('landing-page') ? { css: ['assets/landing-page-1.css'] } : {}),
      },
    ]),
  ),
};

const START = ['assets/client-1.js', 'assets/react-1.js', 'assets/start-app-1.js', 'assets/jsx-1.js'];
const preload = (file: string, lowPriority: boolean): HeadTag => ({ tag: 'modulepreload', file, lowPriority });
const plans = planPageHtml(manifest, PAGES_WITH_HTML);
const planOf = (file: string) => plans.find((plan) => plan.file === file);

describe('the HTML of the build', () => {
  it('writes the app shell and one file per page of the table with HTML', () => {
    expect(plans.map((plan) => plan.file)).toEqual(['index.html', ...PAGES_WITH_HTML.map(htmlFileOf)]);
  });

  it('has the app shell load the entry and its stylesheet, and preload the start modules beside it', () => {
    expect(planOf('index.html')?.head).toEqual([
      { tag: 'script', file: 'assets/index-1.js', lowPriority: false },
      { tag: 'stylesheet', file: 'assets/index-1.css' },
      ...START.map((file) => preload(file, false)),
    ]);
  });

  it("has a prerendered page inline the entry's, the start modules' and its page's stylesheets, load the entry at low priority, and list the start modules and its own chunks for after the first paint", () => {
    expect(planOf('prerendered/landing.html')).toEqual({
      file: 'prerendered/landing.html',
      prerender: expect.objectContaining({ path: '/' }),
      head: [
        { tag: 'script', file: 'assets/index-1.js', lowPriority: true },
        { tag: 'inline-style', file: 'assets/index-1.css' },
        { tag: 'inline-style', file: 'assets/start-app-1.css' },
        { tag: 'inline-style', file: 'assets/landing-page-1.css' },
        { tag: 'modules-after-paint', files: [...START, 'assets/landing-page-1.js'] },
      ],
    });
  });

  it('has a page shell link the start, area and page stylesheets, and preload the signed-in area, its page and the configuration schema as the start modules, not Amplify', () => {
    expect(planOf('shells/teacher-dashboard.html')?.head).toEqual([
      { tag: 'script', file: 'assets/index-1.js', lowPriority: false },
      { tag: 'stylesheet', file: 'assets/index-1.css' },
      ...START.map((file) => preload(file, false)),
      { tag: 'stylesheet', file: 'assets/start-app-1.css' },
      { tag: 'stylesheet', file: 'assets/signed-in-area-1.css' },
      { tag: 'stylesheet', file: 'assets/card-1.css' },
      preload('assets/signed-in-area-1.js', false),
      preload('assets/query-1.js', false),
      preload('assets/teacher-dashboard-page-1.js', false),
      preload('assets/card-1.js', false),
      preload('assets/web-config-1.js', false),
      preload('assets/zod-1.js', false),
    ]);
    // Its first screen (the session being checked) is rendered into it at build time.
    expect(planOf('shells/teacher-dashboard.html')?.prerender).toMatchObject({ path: '/teacher-dashboard', html: 'shell' });
  });

  it("gives the dashboards' shells their role's signed-in frame, and no page with path parameters nor a public page", () => {
    const framed = Object.fromEntries(plans.filter((plan) => plan.signedInFrame).map((plan) => [plan.file, plan.signedInFrame]));
    expect(framed).toEqual({
      'shells/teacher-dashboard.html': 'Teachers',
      'shells/student-dashboard.html': 'Students',
      'shells/admin-dashboard.html': 'Admins',
    });
  });

  it.each(PAGES_WITH_HTML.map((page) => [htmlFileOf(page), page] as const))('%s preloads its own page chunk and no other page\'s', (file, page) => {
    const pageChunks = planOf(file)!
      .head.flatMap((tag) => ('files' in tag ? tag.files : [tag.file]))
      .filter((chunk) => /-page-1\.js$/.test(chunk));
    expect(pageChunks).toEqual([`assets/${nameOf(page.module)}-1.js`]);
  });

  it('counts the start chunks and the prerendered pages\' chunks as initial JS', () => {
    expect(initialFiles(manifest, PAGES_WITH_HTML)).toEqual([
      'assets/index-1.js',
      ...START,
      ...PAGES_WITH_HTML.filter((page) => page.html === 'prerendered').map((page) => `assets/${nameOf(page.module)}-1.js`),
    ]);
  });

  it('fails the build when the manifest lacks a page of the table', () => {
    const { ['src/features/landing/landing-page.tsx']: _landing, ...withoutLanding } = manifest;
    expect(() => planPageHtml(withoutLanding, PAGES_WITH_HTML)).toThrow('src/features/landing/landing-page.tsx');
  });
});

describe('writing a page', () => {
  const template = '<html>\n  <head>\n    <title>Learning Paths</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n';
  const read = (file: string) => (file === 'assets/index-1.css' ? 'body{margin:0}' : '');

  it('replaces the development entry with the head tags', () => {
    const html = pageDocument(template, [headTagHtml({ tag: 'script', file: 'assets/index-1.js', lowPriority: true }, read)]);
    expect(html).not.toContain('/src/main.tsx');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n  </head>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('writes a prerendered page\'s title (escaped) and content, and inlines a stylesheet', () => {
    const html = pageDocument(template, [headTagHtml({ tag: 'inline-style', file: 'assets/index-1.css' }, read)], {
      title: 'Q&A <1>',
      html: '<main>Hello</main>',
    });
    expect(html).toContain('<title>Q&amp;A &lt;1&gt;</title>');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<div id="root"><main>Hello</main></div>');
  });

  it("writes a shell's signed-in frame as a template after #root, and its script after it, to run before the first paint", () => {
    const html = pageDocument(template, [], {
      title: 'Teacher Dashboard',
      html: '<main>Checking your session...</main>',
      signedInFrame: { role: 'Teachers', html: '<h1>Welcome back</h1>', script: 'show()' },
    });
    expect(html).toContain(
      '<div id="root"><main>Checking your session...</main></div><template id="signed-in-frame" data-role="Teachers"><h1>Welcome back</h1></template><script>show()</script>',
    );
  });

  it("lists the modules for after the first paint in a meta element, from the site's root", () => {
    expect(headTagHtml({ tag: 'modules-after-paint', files: ['assets/client-1.js', 'assets/landing-page-1.js'] }, read)).toBe(
      '<meta name="modules-after-paint" content="/assets/client-1.js /assets/landing-page-1.js">',
    );
  });

  it('refuses to inline a stylesheet that would close the style element', () => {
    expect(() => headTagHtml({ tag: 'inline-style', file: 'evil.css' }, () => 'a{}</style><script>')).toThrow('cannot be inlined');
  });
});
