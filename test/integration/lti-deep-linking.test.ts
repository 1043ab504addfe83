// Deep linking end to end through the LMS twin the local stack starts beside the app (registered in the tool): the
// twin's teacher clicks "Add external tool" and the launch signs them in and hands them to the deep linking page's
// request; they choose their module with a check; the signed response, form-posted to the twin, adds the module to the
// course with a gradebook column, and the request cannot be answered again. Cancel adds nothing.
import type { LtiPlatformTwin } from '@local/lti-platform';
import { LTI_APP_PATHS } from '@shared/lti';
import { handoffOf, launchAtTwin, signInWithCode } from './support/lti-launches';
import { startWorld, type Person, type World } from './support/world';

jest.setTimeout(180_000);

const ONE_CHECK_QUESTION = { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Plants make sugar from light.', answer: true }] };

let world: World;
/** The stack's LMS twin as the launch helpers reach it (its URLs and people; it runs in this process). */
let twin: Pick<LtiPlatformTwin, 'url' | 'authLoginUrl' | 'accounts'>;
beforeAll(async () => {
  world = await startWorld({ ltiPlatform: true });
  const { url, accounts } = world.config.lms!;
  twin = { url, accounts, authLoginUrl: `${url}/auth` };
});
afterAll(() => world?.stop());

const teacherAtLms = () => twin.accounts.find((account) => account.role === 'Instructor')!;

/** The twin's teacher's "Add external tool in this window": signed in here, on the deep linking page of a request. */
async function deepLinkingLaunch(): Promise<{ teacher: Person; requestId: string }> {
  const { answer } = await launchAtTwin(world.config.apiUrl, twin as LtiPlatformTwin, teacherAtLms().email, '/deep-linking/start?target=window');
  const handoff = handoffOf(answer);
  expect(handoff.to).toMatch(new RegExp(`^${LTI_APP_PATHS.deepLink('')}[A-Za-z0-9_-]+$`));
  const tokens = (await signInWithCode(world.config, handoff.user, handoff.code)).AuthenticationResult!;
  const { sub } = JSON.parse(Buffer.from(tokens.AccessToken!.split('.')[1]!, 'base64url').toString()) as { sub: string };
  const teacher = { userId: sub, email: teacherAtLms().email, name: teacherAtLms().name, accessToken: tokens.AccessToken!, idToken: tokens.IdToken! };
  return { teacher, requestId: handoff.to.slice(LTI_APP_PATHS.deepLink('').length) };
}

/** What the page does with the answer: the form post of `JWT` to the LMS (the twin needs no cookie for it). */
const postToLms = ({ returnUrl, jwt }: { returnUrl: string; jwt: string }) =>
  fetch(returnUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: jwt }) });

const lmsPage = async (path: string) => {
  const { email, password } = teacherAtLms();
  const signIn = await fetch(`${twin.url}/sign-in`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }) });
  return (await fetch(`${twin.url}${path}`, { headers: { cookie: signIn.headers.getSetCookie()[0]!.split(';')[0]! } })).text();
};

test('a module with a check, chosen on the deep linking page, joins the LMS course with its gradebook column', async () => {
  const { teacher, requestId } = await deepLinkingLaunch();
  const module = await world.createModuleWithSections(teacher, 1, 'Photosynthesis');
  await world.ok('putCheck', { as: teacher, params: { id: module._id, sectionId: module.sections[0]!._id! }, body: ONE_CHECK_QUESTION });

  const page = await world.ok('getLtiDeepLink', { as: teacher, params: { requestId } });
  expect(page).toEqual({ requestId, platformName: 'Local LMS (Biology 101)', status: 'open', modules: [{ moduleId: module._id, title: 'Photosynthesis', graded: true }] });
  await world.ok('getLtiDeepLink', { as: world.teacher, params: { requestId } }, 404);
  await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body: { moduleId: module._id } }, 404);
  const response = await world.ok('answerLtiDeepLink', { as: teacher, params: { requestId }, body: { moduleId: module._id } });
  expect(response.returnUrl).toBe(`${twin.url}/deep-linking/return`);

  // The twin verifies the response against the tool's JWKS and adds the link with its line item.
  expect((await postToLms(response)).status).toBe(200);
  expect(await lmsPage('/')).toContain('Photosynthesis</a>');
  expect(await lmsPage('/gradebook')).toContain('<th scope="col">Photosynthesis (out of 100)</th>');

  await world.ok('answerLtiDeepLink', { as: teacher, params: { requestId }, body: { moduleId: module._id } }, 409);
  expect(await world.ok('getLtiDeepLink', { as: teacher, params: { requestId } })).toMatchObject({ status: 'answered' });
});

test('Cancel answers with nothing, which the twin accepts, adding nothing', async () => {
  const { teacher, requestId } = await deepLinkingLaunch();
  const activities = async () => ((await lmsPage('/')).match(/<li>/g) ?? []).length;
  const before = await activities();

  const posted = await postToLms(await world.ok('answerLtiDeepLink', { as: teacher, params: { requestId }, body: { moduleId: null } }));

  expect(posted.status).toBe(200);
  expect(await posted.text()).toContain('lti_msg=Added+nothing+to+the+course.');
  expect(await activities()).toBe(before);
});
