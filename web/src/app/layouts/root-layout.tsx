// Wraps every route: tab title from the route table, focus and scroll reset on navigation.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { formatDocumentTitle } from '../../components/use-document-title';

export interface RouteHandle {
  title?: string;
}

export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;

  // A layout effect runs before any page's own (passive) title effect, so a page can refine its title.
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(title?.title);
  }, [title?.title]);

  useFocusMainOnNavigation();

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** After an in-app navigation, move focus to the new page so keyboard and screen-reader users start at its top. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
