// What the web app reads at runtime from /config.json, so one build serves every environment.
// The local stack serves it; the CDK app deploys it next to the built app.
import * as z from './zod';
import { isTimeZone } from './school-time';

export const webConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Only for the local identity server; the cloud uses Cognito's own endpoint. */
  userPoolEndpoint: z.optional(z.url()),
  /** SRP, locally as in the cloud (the identity twin answers it); USER_PASSWORD_AUTH where a pool client allows only that. */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Base of API calls; '' means the same origin as the app (CloudFront routes /api/* to the API). */
  apiBaseUrl: z.string(),
  /**
   * Sign-in through the school's identity providers (Cognito's hosted endpoints at `domain`, host[:port] without a
   * scheme, as Amplify takes it); absent when the stage federates none. `label` is the login pages' button text.
   */
  schoolSignIn: z.optional(
    z.object({
      domain: z.string().check(z.minLength(1)),
      providers: z.array(z.object({ name: z.string().check(z.minLength(1)), label: z.string().check(z.minLength(1)) })),
    }),
  ),
  /** The zone a teacher's due date and time are entered in (IANA name); absent: DEFAULT_SCHOOL_TIME_ZONE. */
  schoolTimeZone: z.optional(z.string().check(z.refine(isTimeZone, { error: 'schoolTimeZone must be an IANA time zone name.' }))),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
