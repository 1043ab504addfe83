// The hook `npm start` calls to run the LMS twin beside the app: on a fixed port (so its issuer, and with it the
// tool's registration, stay the same across restarts), with the registration the tool needs and the lines to print.
import { startLtiPlatform, type LtiPlatformTwin, type ToolRegistration } from './index';

export const LOCAL_LMS_PORT = 9232;

/** The body of the tool's platform registration (issue 38: POST /api/admin/lti/platforms). */
export interface PlatformRegistration {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
}

export interface LocalLms {
  twin: LtiPlatformTwin;
  registration: PlatformRegistration;
  /** What `npm start` prints about it: the address and the accounts to sign in with. */
  banner: string;
}

export function platformRegistration(twin: LtiPlatformTwin): PlatformRegistration {
  return {
    name: `Local LMS (${twin.course.title})`,
    issuer: twin.issuer,
    clientId: twin.clientId,
    deploymentIds: [twin.deploymentId],
    authLoginUrl: twin.authLoginUrl,
    accessTokenUrl: twin.accessTokenUrl,
    jwksUrl: twin.jwksUrl,
  };
}

export async function startLocalLms(tool: ToolRegistration, port: number = LOCAL_LMS_PORT): Promise<LocalLms> {
  const twin = await startLtiPlatform({ port, tool });
  const accounts = twin.accounts.map((account) => `  ${account.email.padEnd(32)} ${account.password.padEnd(16)} ${account.role}`).join('\n');
  return {
    twin,
    registration: platformRegistration(twin),
    banner: `LTI platform twin (a local LMS) ${twin.url}  course "${twin.course.title}", client ${twin.clientId}, deployment ${twin.deploymentId}\n${accounts}`,
  };
}
