// What the LMS frame shows when a login or launch is refused: what failed, in words, and never a session.
import { htmlPage, type PublicResult } from '../../platform/public-endpoint';
import { LtiRefusal, PERSON_REFUSALS } from '../refusals';

export async function refusalPage(run: () => Promise<PublicResult>): Promise<PublicResult> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LtiRefusal)) throw error;
    const status = error.reason === 'keysUnavailable' ? 502 : PERSON_REFUSALS.includes(error.reason) ? 403 : 400;
    return htmlPage(status, 'This launch could not be completed', [error.message, ...(error.detail ? [`Detail for your LMS administrator: ${error.detail}`] : [])]);
  }
}
