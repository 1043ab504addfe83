// Which web origins may show the app inside an LMS (its pages' frame-ancestors): for each registered platform, the
// origins of its issuer and its login endpoint, and the LMS web addresses its admin gave (where the LMS shows its
// courses, when that is another host, as a Canvas school's own). Published as one list after every change of the
// registrations (docs/decisions/lti/framed-in-the-lms.md).
import { FRAME_ANCESTORS_MAX_BYTES, frameAncestorsSources } from '@shared/security-headers';
import type { LtiPlatform } from '@shared/contract/lti';
import { invalid } from '../kernel/errors';

/** The origins one platform frames the app from. */
export function frameOriginsOf(platform: Pick<LtiPlatform, 'issuer' | 'authLoginUrl' | 'frameOrigins'>): string[] {
  return [platform.issuer, platform.authLoginUrl, ...(platform.frameOrigins ?? [])].map((address) => new URL(address).origin);
}

/** The frame-ancestors sources of all these platforms: each origin once, in a stable order. */
export function frameAncestorsOf(platforms: readonly Pick<LtiPlatform, 'issuer' | 'authLoginUrl' | 'frameOrigins'>[]): string {
  return frameAncestorsSources([...new Set(platforms.flatMap(frameOriginsOf))].sort());
}

/** Refuses registrations whose origins together do not fit the edge's store (1 KB), before anything is written. */
export function assertFrameAncestorsFit(platforms: readonly Pick<LtiPlatform, 'issuer' | 'authLoginUrl' | 'frameOrigins'>[]): void {
  const bytes = Buffer.byteLength(frameAncestorsOf(platforms));
  if (bytes > FRAME_ANCESTORS_MAX_BYTES) {
    throw invalid(
      `The web addresses of all registered LMSs come to ${bytes} bytes, more than the ${FRAME_ANCESTORS_MAX_BYTES} the app's pages can name as allowed to show them in a frame; give fewer LMS web addresses, or remove a registration you no longer use.`,
    );
  }
}
