// The LMS twin (local/lti-platform/) beside the app, for `npm start` and the tests that ask for it: started on the
// app's tool URLs, and registered in the tool as an admin would register it. The registration is kept in step
// idempotently (one per issuer and client ID, as the tool holds them): a restart on the same port finds it as it
// was, and a changed address or name is written over it, never registered twice.
import { randomUUID } from 'node:crypto';
import { ltiToolConfiguration } from '../shared/lti';
import type { LtiPlatformRecord, LtiPlatformStore } from '../functions/src/lti/port';
import { startLocalLms, type LocalLms, type PlatformRegistration } from './lti-platform/local-lms';

export interface LmsBesideApp extends LocalLms {
  /** The tool's id of the twin's registration. */
  platformId: string;
}

export async function startLmsBesideApp(options: { appUrl: string; port: number; platforms: LtiPlatformStore }): Promise<LmsBesideApp> {
  const lms = await startLocalLms(ltiToolConfiguration(options.appUrl), options.port);
  try {
    const { platformId } = await ensureRegistration(options.platforms, lms.registration, new Date().toISOString());
    return { ...lms, platformId };
  } catch (error) {
    await lms.twin.close();
    throw error;
  }
}

const SAME_FIELDS = ['name', 'deploymentIds', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl'] as const;

/** The registration of this issuer and client ID, made or brought to `registration`. */
export async function ensureRegistration(platforms: LtiPlatformStore, registration: PlatformRegistration, now: string): Promise<LtiPlatformRecord> {
  const existing = (await platforms.list()).find((platform) => platform.issuer === registration.issuer && platform.clientId === registration.clientId);
  if (!existing) {
    const record = { ...registration, platformId: randomUUID(), registeredAt: now, updatedAt: now };
    if (!(await platforms.insert(record))) throw new Error(`Registering the LMS twin (${registration.issuer}) was refused: another registration holds its issuer and client ID.`);
    return record;
  }
  if (SAME_FIELDS.every((field) => JSON.stringify(existing[field]) === JSON.stringify(registration[field]))) return existing;
  const updated = { ...existing, ...registration, updatedAt: now };
  const outcome = await platforms.replace(existing, updated);
  if (outcome !== 'replaced') throw new Error(`Updating the LMS twin's registration (${registration.issuer}) failed: ${outcome}.`);
  return updated;
}
