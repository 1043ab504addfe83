// What Vite's import.meta.glob makes of web/src/app/page-modules.ts, for Jest: a loader per page module.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { PageModule } from '../app/page-modules';

const features = path.join(__dirname, '../features');

export const pageModules: Record<string, () => Promise<PageModule>> = Object.fromEntries(
  readdirSync(features).flatMap((feature) =>
    readdirSync(path.join(features, feature))
      .filter((file) => file.endsWith('-page.tsx'))
      .map((file) => [`../features/${feature}/${file}`, () => import(`../features/${feature}/${file}`)]),
  ),
);
