// The page components' modules (web/src/features/<feature>/<name>-page.tsx), each a chunk of its own that loads when
// called. Jest maps this module to web/src/testing/page-modules.ts (it has no import.meta.glob).
import type { ComponentType } from 'react';

export const pageModules = import.meta.glob<{ default: ComponentType }>('../features/*/*-page.tsx');
