// The auth module's public entry: who is signed in (the session and its provider), and Amplify, which it alone
// configures and starts (start.ts), loads in a chunk of its own (auth-services.ts) and, while stored tokens are valid,
// does without (stored-session.ts, which reads Amplify's storage; auth-services.ts reads only its mark of a school sign-in
// under way).
export { SessionProvider } from './session-provider';
export { SessionContext, useCurrentUser, useSession, type Session, type SessionState, type SessionUser } from './session';
export {
  isSignInCallback,
  loadAmplifyAuth,
  prepareAmplifyAuth,
  schoolSignInProviders,
  servicesConfigured,
  signInWithSchool,
  startAuth,
  type AuthStart,
} from './start';
export { getAuthFlowType } from './auth-flow';
export type { AuthServices } from './auth-services';
