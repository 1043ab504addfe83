import { APP_SHELL_FILE, htmlFileForRoute } from './web-delivery';
import { htmlFileOf, PAGES_WITH_HTML, WEB_PAGES } from './web-pages';

/** A path the page's route matches. */
const samplePath = (route: string) => (route === '*' ? '/no-such-page' : route.replace(/:(\w+)/g, '$1-1'));

describe('the page table', () => {
  it('declares each path once', () => {
    const paths = WEB_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page with its own HTML a file of its own, and only public pages are prerendered', () => {
    const files = PAGES_WITH_HTML.map(htmlFileOf);
    expect(new Set(files).size).toBe(files.length);
    for (const page of PAGES_WITH_HTML) {
      expect(page.html === 'prerendered').toBe(page.audience === 'everyone' || page.audience === 'signedOut');
    }
  });

  it.each(WEB_PAGES.map((page) => [page.path, page] as const))('answers a path of %s with its own HTML, or the app shell', (route, page) => {
    expect(htmlFileForRoute(samplePath(route))).toBe('html' in page ? htmlFileOf(page) : APP_SHELL_FILE);
  });

  it('answers a path one segment deeper than a page with HTML with the app shell', () => {
    for (const page of PAGES_WITH_HTML) {
      expect(htmlFileForRoute(`${samplePath(page.path)}/more`.replace('//', '/'))).toBe(APP_SHELL_FILE);
    }
  });
});
