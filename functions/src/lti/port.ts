// What the LTI tool keeps: the platforms (LMSs) an admin registered.
import type { LtiPlatform } from '@shared/contract/lti';

export type LtiPlatformRecord = LtiPlatform;

export type ReplaceOutcome = 'replaced' | 'missing' | 'taken';

/**
 * The registered platforms. A platform is found at launch by its issuer and client ID, which no two registrations
 * share: the store holds that pair unique itself, in the same write as the registration.
 */
export interface LtiPlatformStore {
  list(): Promise<LtiPlatformRecord[]>;
  get(platformId: string): Promise<LtiPlatformRecord | undefined>;
  /** False when another registration holds this issuer and client ID. */
  insert(record: LtiPlatformRecord): Promise<boolean>;
  /**
   * Replaces the registration `before` (as read) with `after`: `missing` when it was removed or changed since the read,
   * `taken` when another registration holds the new issuer and client ID.
   */
  replace(before: LtiPlatformRecord, after: LtiPlatformRecord): Promise<ReplaceOutcome>;
  /** False when it was removed already. */
  remove(record: LtiPlatformRecord): Promise<boolean>;
}
