// Names and Role Provisioning Services 2.0: a course's members, read from the context memberships URL of a launch
// with a token for the read-only membership scope, page after page as the `Link: <...>; rel="next"` header leads.
import { SERVICE_MEDIA_TYPES, SERVICE_SCOPES } from '../claims';
import type { MembershipReader, NrpsMember, PlatformServiceTokens } from '../port';
import { callPlatformService, PlatformServiceError, refusalOf } from './platform-service-tokens';

/** A course of thousands at a platform's usual page size is far below this; a platform that loops is not followed forever. */
const MAX_PAGES = 500;

/** The `rel="next"` target of a Link header (RFC 8288), resolved against the page's URL. */
export function nextPageOf(link: string | null, pageUrl: string): string | undefined {
  for (const [, target, parameters] of (link ?? '').matchAll(/<([^>]*)>([^,]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(parameters!)?.[1];
    if (rel?.split(/\s+/).includes('next')) return new URL(target!, pageUrl).toString();
  }
  return undefined;
}

export function makeMembershipReader({ tokens, fetch: send = fetch }: { tokens: PlatformServiceTokens; fetch?: typeof fetch }): MembershipReader {
  return {
    async members(platform, contextMembershipsUrl) {
      const members: NrpsMember[] = [];
      const seen = new Set<string>();
      let url: string | undefined = contextMembershipsUrl;
      while (url) {
        if (seen.has(url) || seen.size >= MAX_PAGES) throw new PlatformServiceError(`"${platform.name}" sent memberships pages that do not end (${seen.size} pages read)`);
        seen.add(url);
        const response = await callPlatformService(tokens, platform, [SERVICE_SCOPES.contextMembershipReadOnly], url, { headers: { Accept: SERVICE_MEDIA_TYPES.membershipContainer } }, send);
        if (!response.ok) throw await refusalOf(platform, 'the course memberships', response);
        const page = (await response.json().catch(() => undefined)) as { members?: unknown } | undefined;
        if (!Array.isArray(page?.members)) throw new PlatformServiceError(`"${platform.name}" answered the course memberships without a members list`, response.status);
        members.push(...(page.members as NrpsMember[]).filter((member) => typeof member?.user_id === 'string' && Array.isArray(member.roles)));
        url = nextPageOf(response.headers.get('link'), url);
      }
      return members;
    },
  };
}
