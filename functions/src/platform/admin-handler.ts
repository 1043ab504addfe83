// apiHandler for administration routes: the same, plus the two-factor check every such route must make.
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
