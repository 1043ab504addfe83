// apiHandler for every route that admits admins: the same, plus the two-factor check a request in the admin role must
// pass (teachers and students on a shared route are not asked).
import type { RouteName } from '@shared/routes';
import type { ResponseOf } from '@shared/responses';
import type { Caller } from '../domain/caller';
import { apiHandler, type ApiHandlerOptions, type ApiRequest, type ApiResponse } from './http';
import { secondFactorCheck } from './second-factor';

export function adminHandler<N extends RouteName>(
  name: N,
  handle: (request: ApiRequest, caller: Caller) => Promise<ApiResponse<ResponseOf<N>>>,
  options: Omit<ApiHandlerOptions<ResponseOf<N>>, 'secondFactor'> = {},
) {
  return apiHandler(name, handle, { ...options, secondFactor: secondFactorCheck() });
}
