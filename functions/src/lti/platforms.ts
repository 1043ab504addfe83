// Use cases of the platforms (schools' LMSs) the tool trusts: an admin registers one with what its "add an LTI 1.3
// tool" page shows, edits or removes it; every change is audited. Launches find a platform by issuer and client ID.
import { LTI_LIMITS } from '@shared/lti';
import type { LtiPlatform, LtiPlatformInput } from '@shared/contract/lti';
import { makeChangeRecorder } from '../audit/audit';
import type { AuditLog } from '../audit/port';
import type { Caller } from '../kernel/caller';
import { conflict, notFound } from '../kernel/errors';
import type { Clock, IdGenerator } from '../kernel/ports';
import type { UserDirectory } from '../people/port';
import { assertFrameAncestorsFit, frameAncestorsOf } from './frame-origins';
import type { FrameAncestorsPublisher, LtiPlatformRecord, LtiPlatformStore } from './port';

/** How often a change publishes again when registrations changed meanwhile (admins' changes are rare and quick). */
const PUBLISH_ROUNDS = 3;

export const PLATFORM_NOT_FOUND = 'This LMS is not registered (any more); reload the list.';

export interface LtiPlatformDeps {
  platforms: LtiPlatformStore;
  directory: UserDirectory;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  frameAncestors: FrameAncestorsPublisher;
}

const sameClient = (platform: LtiPlatform) =>
  conflict(`"${platform.name}" is registered with this issuer and client ID already; edit it instead of registering it again.`);

/** What is stored of a form: the LMS web addresses only when there are any (left out or empty: none). */
function registration({ frameOrigins, ...fields }: LtiPlatformInput): LtiPlatformInput {
  return frameOrigins?.length ? { ...fields, frameOrigins: frameOrigins.map((address) => new URL(address).origin) } : fields;
}

const describe = ({ issuer, clientId }: LtiPlatformInput) => `issuer ${issuer}, client ID ${clientId}`;

export type LtiPlatformQueries = ReturnType<typeof makeLtiPlatformQueries>;

/** The read-only use cases (their routes call no directory). */
export function makeLtiPlatformQueries({ platforms }: Pick<LtiPlatformDeps, 'platforms'>) {
  return {
    async list(): Promise<LtiPlatform[]> {
      return (await platforms.list()).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

export type LtiPlatformService = ReturnType<typeof makeLtiPlatformService>;

export function makeLtiPlatformService({ platforms, directory, audit, clock, ids, frameAncestors }: LtiPlatformDeps) {
  const record = makeChangeRecorder({ directory, audit, clock });

  /**
   * After a write: the registrations as they are now may frame the app. Read again once published: a concurrent change
   * may have published between this read and this write, so what is published last is the registrations' latest.
   */
  async function publishFrameAncestors(): Promise<void> {
    let sources = frameAncestorsOf(await platforms.list());
    for (let round = 1; round <= PUBLISH_ROUNDS; round += 1) {
      await frameAncestors.publish(sources);
      const latest = frameAncestorsOf(await platforms.list());
      if (latest === sources) return;
      sources = latest;
    }
  }

  async function requirePlatform(platformId: string): Promise<LtiPlatformRecord> {
    const found = await platforms.get(platformId);
    if (!found) throw notFound(PLATFORM_NOT_FOUND);
    return found;
  }

  /** The registration holding this issuer and client ID, for the 409's words (one read: a school has few). */
  const holderOf = async (input: LtiPlatformInput) =>
    (await platforms.list()).find((other) => other.issuer === input.issuer && other.clientId === input.clientId);

  return {
    ...makeLtiPlatformQueries({ platforms }),

    /** 409 for an issuer and client ID registered already (a repeated submit of the form too). */
    async register(caller: Caller, input: LtiPlatformInput): Promise<LtiPlatform> {
      const existing = await platforms.list();
      const holder = existing.find((other) => other.issuer === input.issuer && other.clientId === input.clientId);
      if (holder) throw sameClient(holder);
      if (existing.length >= LTI_LIMITS.platformsMax) throw conflict(`At most ${LTI_LIMITS.platformsMax} LMSs can be registered; remove one you no longer use first.`);
      assertFrameAncestorsFit([...existing, input]);
      const now = clock.now().toISOString();
      const platform: LtiPlatformRecord = { platformId: ids.newId(), ...registration(input), registeredAt: now, updatedAt: now };
      if (!(await platforms.insert(platform))) {
        // A concurrent registration of the same pair stored it first.
        const winner = await holderOf(input);
        throw winner ? sameClient(winner) : conflict('Another registration of this LMS was saved at the same time; reload the list.');
      }
      await publishFrameAncestors();
      await record(caller, 'registerLtiPlatform', input.name, describe(input));
      return platform;
    },

    async edit(caller: Caller, platformId: string, input: LtiPlatformInput): Promise<LtiPlatform> {
      const before = await requirePlatform(platformId);
      const { frameOrigins: _replaced, ...kept } = before;
      const after: LtiPlatformRecord = { ...kept, ...registration(input), updatedAt: clock.now().toISOString() };
      assertFrameAncestorsFit([...(await platforms.list()).filter((other) => other.platformId !== platformId), after]);
      const outcome = await platforms.replace(before, after);
      if (outcome === 'missing') throw conflict('This LMS was changed or removed by someone else meanwhile; reload it and edit again.');
      if (outcome === 'taken') throw conflict('Another registered LMS has this issuer and client ID; change them, or remove that registration first.');
      await publishFrameAncestors();
      const fields = [...new Set([...Object.keys(input), 'frameOrigins'])] as (keyof LtiPlatformInput)[];
      const changes = fields.filter((field) => JSON.stringify(before[field] ?? []) !== JSON.stringify(after[field] ?? []));
      if (changes.length) await record(caller, 'editLtiPlatform', input.name, `changed ${changes.join(', ')}`);
      return after;
    },

    async remove(caller: Caller, platformId: string): Promise<void> {
      const found = await requirePlatform(platformId);
      if (!(await platforms.remove(found))) throw notFound(PLATFORM_NOT_FOUND);
      await publishFrameAncestors();
      await record(caller, 'removeLtiPlatform', found.name, describe(found));
    },
  };
}
