// The name of the meta element in which a prerendered page lists the modules its entry preloads once the page has
// painted: written by the build (build/page-html.ts), read by src/main.tsx.
export const MODULES_AFTER_PAINT = 'modules-after-paint';
