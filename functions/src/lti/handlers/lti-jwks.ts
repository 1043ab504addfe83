// GET /lti/jwks.json: the tool's public keys, which platforms verify its deep linking responses and token requests
// with. Cached for an hour: a rotation publishes the new key well before it signs anything.
import { toolKeyStore } from '../../composition/lti';
import { jsonDocument, publicEndpoint } from '../../platform/public-endpoint';
import type { ToolKeyStore } from '../port';

export const JWKS_MAX_AGE_SECONDS = 3600;

export const makeHandler = (keys: Pick<ToolKeyStore, 'publicKeys'>, originCheck?: Parameters<typeof publicEndpoint>[2]) =>
  publicEndpoint('ltiJwks', async () => jsonDocument({ keys: await keys.publicKeys() }, JWKS_MAX_AGE_SECONDS), originCheck);

export const handler = makeHandler(toolKeyStore());
