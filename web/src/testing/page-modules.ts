// What Vite's import.meta.glob makes of web/src/app/page-modules.ts, for Jest: a loader per page module.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';

const features = path.join(__dirname, '../features');

export const pageModules: Record<string, () => Promise<{ default: ComponentType }>> = Object.fromEntries(
  readdirSync(features).flatMap((feature) =>
    readdirSync(path.join(features, feature))
      .filter((file) => file.endsWith('-page.tsx'))
      .map((file) => [`../features/${feature}/${file}`, () => import(`../features/${feature}/${file}`)]),
  ),
);
