// The page components' modules (web/src/features/<feature>/<name>-page.tsx), each a chunk of its own that loads when
// called. Jest maps this module to web/src/testing/page-modules.ts (it has no import.meta.glob).
import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
  /**
   * Asks the API early (lib/early-answers) for what the page shows first, given the route's parameters: called at
   * start-up once the page's code and the configuration are in and a session may be stored, before the app renders.
   */
  preloadData?: (params: Record<string, string | undefined>) => void;
}

export const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');
