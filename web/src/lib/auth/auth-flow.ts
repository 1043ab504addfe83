// The sign-in flow type comes from the runtime configuration (USER_PASSWORD_AUTH locally, SRP in the cloud).
// Kept outside Amplify's config because signIn takes it per call.
import type { WebConfig } from '@shared/web-config';

let authFlowType: WebConfig['authFlowType'] = 'USER_SRP_AUTH';

export function setAuthFlowType(value: WebConfig['authFlowType']) {
  authFlowType = value;
}

export function getAuthFlowType(): WebConfig['authFlowType'] {
  return authFlowType;
}
