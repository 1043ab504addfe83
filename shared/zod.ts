// The one zod every shared schema is built with: zod/mini. Its schemas are plain data with free functions instead of
// ~40 methods attached to each instance, and it is tree-shakable, so a Lambda loads only the parts its schemas use
// (npm run bundle-report). Classic zod's English messages are configured here, so a refusal that no schema words
// itself reads exactly as before. Import it as a namespace (`import * as z from '@shared/zod'`) for tree-shaking.
// Each exported schema is `/* @__PURE__ */ z.lazy(() => ...)`: built on its first parse, not when its module loads,
// and left out of any bundle that does not use it (esbuild drops an unused call marked pure, with all it references).
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
