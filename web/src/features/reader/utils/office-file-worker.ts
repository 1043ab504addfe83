// Inspects an office file off the main thread (shared/office-limits.ts): the tab stays responsive however the
// archive is built, and the reader can abandon the work.
import { inspectOfficeZip } from '@shared/office-limits';

self.onmessage = async ({ data }: MessageEvent<ArrayBuffer>) => {
  const verdict = await inspectOfficeZip(new Uint8Array(data));
  // The file goes back to the viewer, which renders it when it fits.
  self.postMessage({ verdict, bytes: data }, { transfer: [data] });
};
