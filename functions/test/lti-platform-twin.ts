// For the tests of the tool's calls to a platform's services: the LMS twin (local/lti-platform) registered with a
// tool whose keys are a fresh ToolKeyStore, its JWKS served on a port of its own, and the twin as a registration.
import { createServer } from 'node:http';
import { newToolKey } from '@local/lti-tool-keys';
import { closeServer, listen } from '@local/listen';
import { startLtiPlatform, type LtiPlatformTwin } from '@local/lti-platform';
import { platformRegistration } from '@local/lti-platform/local-lms';
import { makeToolKeyStore } from '../src/lti/adapters/tool-keys';
import type { LtiPlatformRecord, ToolKeyStore } from '../src/lti/port';

export interface TwinWithTool {
  twin: LtiPlatformTwin;
  keys: ToolKeyStore;
  platform: LtiPlatformRecord;
  close(): Promise<void>;
}

export async function startTwinWithTool(): Promise<TwinWithTool> {
  const document = JSON.stringify({ keys: [await newToolKey()] });
  const keys = makeToolKeyStore(async () => document, 'the test key');
  const jwks = createServer((_request, response) => {
    void keys.publicKeys().then((published) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: published })));
  });
  const base = `http://127.0.0.1:${await listen(jwks, 0, '127.0.0.1', 'ltiPlatform')}`;
  const twin = await startLtiPlatform({ tool: { loginUrl: `${base}/login`, launchUrl: `${base}/launch`, deepLinkingUrl: `${base}/launch`, jwksUrl: `${base}/jwks` } });
  const platform: LtiPlatformRecord = { ...platformRegistration(twin), platformId: 'twin', name: 'LMS twin', registeredAt: '2026-12-01T00:00:00.000Z', updatedAt: '2026-12-01T00:00:00.000Z' };
  return { twin, keys, platform, close: async () => void (await Promise.all([twin.close(), closeServer(jwks)])) };
}
