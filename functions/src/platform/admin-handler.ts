// apiHandler for every route that admits admins: the same, plus the two-factor check a request in the admin role must
// pass (teachers and students on a shared route are not asked). The handler module gives `secondFactorCheck()` from
// platform/second-factor.ts; a handler test gives its own answer. Built over the composition root's apiHandler
// (composition/api-handler.ts).
import type { RouteName, ResponseOf } from '@shared/contract';
import type { Caller } from '../kernel/caller';
import type { ApiHandler, ApiHandlerOptions, ApiRequest, ApiResponse, SecondFactorCheck } from './http';

export const makeAdminHandler = (apiHandler: ApiHandler) =>
  function adminHandler<N extends RouteName>(
    name: N,
    secondFactor: SecondFactorCheck,
    handle: (request: ApiRequest, caller: Caller) => Promise<ApiResponse<ResponseOf<N>>>,
    options: Omit<ApiHandlerOptions<ResponseOf<N>>, 'secondFactor'> = {},
  ) {
    return apiHandler(name, handle, { ...options, secondFactor });
  };
