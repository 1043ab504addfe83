// Assignment and Grade Services 2.0: a score posted to a line item's scores endpoint (the line item URL with `/scores`
// appended to its path, before any query) with a token for the score scope.
import { SERVICE_MEDIA_TYPES, SERVICE_SCOPES } from '../claims';
import type { PlatformGradebook, PlatformServiceTokens } from '../port';
import { callPlatformService, refusalOf } from './platform-service-tokens';

export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

export function makeAgsGradebook({ tokens, fetch: send = fetch }: { tokens: PlatformServiceTokens; fetch?: typeof fetch }): PlatformGradebook {
  return {
    async postScore(platform, lineItemUrl, score) {
      const response = await callPlatformService(
        tokens,
        platform,
        [SERVICE_SCOPES.score],
        scoresUrlOf(lineItemUrl),
        { method: 'POST', headers: { 'Content-Type': SERVICE_MEDIA_TYPES.score }, body: JSON.stringify(score) },
        send,
      );
      // 409: a score with a later timestamp is on record (AGS 2.0 §3.4.8: the platform keeps the latest); nothing to do.
      if (response.ok || response.status === 409) {
        await response.body?.cancel();
        return;
      }
      throw await refusalOf(platform, `the score for line item ${lineItemUrl}`, response);
    },
  };
}
