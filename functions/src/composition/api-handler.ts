// The API handler every route is built with, over the table's request counter (the per-caller rate limit) and the
// callers' access records (revoked tokens, second-factor sign-ins): the runtime (platform/) receives them here, so it
// imports no adapter. Each is built once per handler module, at cold start, and only when its check is on.
import { makeAdminHandler } from '../platform/admin-handler';
import { makeApiHandler } from '../platform/http';
import { callerAccessRecords } from '../platform/person-access';
import { callerRateLimit } from '../platform/rate-limit';
import { personAccessStore, requestCounter } from './table-stores';

export const apiHandler = makeApiHandler(() => ({
  rateLimit: callerRateLimit(requestCounter),
  accessRecords: callerAccessRecords(personAccessStore),
}));

export const adminHandler = makeAdminHandler(apiHandler);
