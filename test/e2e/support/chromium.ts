// Debian's Chromium as every browser run here starts it (browser tests, `npm run bench:web`).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this machine refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium as people run it partitions a cross-site frame's storage (per top-level site); Playwright's own
 * `--disable-features` list turns that partitioning off, which leaves such a frame no storage at all. A later
 * `--disable-features` replaces Playwright's: this is its list with partitioning left on, for the tests of an app shown
 * in another site's frame (an LMS).
 */
export const PARTITIONED_STORAGE_ARG =
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying';
