// POST /lti/launch: the id_token the LMS posts after its authorization step. Every check of the Security Framework
// runs before anything else; then the launch's person is signed in (lti/session.ts) and the browser goes to the app's
// start page with a one-time code in the fragment (never sent to a server, so never in a log), which the app signs in
// with, in the LMS's frame too (the registered LMSs may frame the app: lti/frame-origins.ts). A refusal is a page
// saying what failed, and no code.
import { LTI_APP_PATHS, ltiStartFragment } from '@shared/lti';
import { buildLtiLaunchService, buildLtiSession } from '../../composition/lti';
import { publicEndpoint, redirect } from '../../platform/public-endpoint';
import type { LtiLaunchService } from '../launch';
import type { LtiSession } from '../session';
import { refusalPage } from './refusal-page';

export const makeHandler = (lti: Pick<LtiLaunchService, 'validateLaunch'>, session: Pick<LtiSession, 'signIn'>, originCheck?: Parameters<typeof publicEndpoint>[2]) =>
  publicEndpoint(
    'ltiLaunch',
    async ({ parameters }) =>
      refusalPage(async () => {
        const landing = await session.signIn(await lti.validateLaunch(parameters));
        // Relative: the browser resolves it against the address it posted to, the app's own (behind CloudFront too).
        return redirect(`${LTI_APP_PATHS.start}#${ltiStartFragment(landing)}`);
      }),
    originCheck,
  );

export const handler = makeHandler(buildLtiLaunchService(), buildLtiSession());
