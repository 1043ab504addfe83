import { useEffect } from 'react';

export const APP_NAME = 'Learning Paths';

export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} | ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the tab title for a page. Every route already gets a title from the router; call this only to be more
 * specific once data has loaded (e.g. a module's name). Runs after the router's title, so it wins.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title);
  }, [title]);
}
