// Deep linking through the LMS twin that the local stack starts beside the app (registered in the tool): the twin's
// teacher clicks "Add external tool", the twin sends its LtiDeepLinkingRequest through the tool's login; the request
// the launch leaves is stored here as the launch stores it (the launch's sign-in is another part of issue 38); the
// app's teacher chooses a module with a check; the signed response, form-posted to the twin, adds the module to the
// course with a gradebook column, and the request cannot be answered again.
import { decodeJwt } from 'jose';
import { startWorld, type World } from './support/world';

jest.setTimeout(180_000);

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const ONE_CHECK_QUESTION = { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Plants make sugar from light.', answer: true }] };

let world: World;
beforeAll(async () => {
  world = await startWorld({ ltiPlatform: true });
});
afterAll(() => world?.stop());

/** A browser on the twin: its session cookie, and each hop by hand (the last one is the OIDC form post to the tool). */
class LmsBrowser {
  private cookie = '';

  constructor(private readonly lms: string) {}

  async signIn(email: string, password: string): Promise<void> {
    const answer = await fetch(`${this.lms}/sign-in`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }) });
    this.cookie = answer.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  /** Follows redirects from `url`; answers the last page's address and text. */
  async open(url: string): Promise<{ url: string; status: number; text: string }> {
    let current = url;
    for (let hop = 0; hop < 10; hop++) {
      const onLms = current.startsWith(this.lms);
      const answer = await fetch(current, { redirect: 'manual', headers: onLms ? { cookie: this.cookie } : {} });
      const location = answer.headers.get('location');
      if (!location) return { url: current, status: answer.status, text: await answer.text() };
      current = new URL(location, current).toString();
    }
    throw new Error('too many redirects');
  }
}

test('a module with a check, chosen on the deep linking page, joins the LMS course with its gradebook column', async () => {
  const lms = world.config.lms!;
  const teacherAtLms = lms.accounts.find((account) => account.role === 'Instructor')!;
  const browser = new LmsBrowser(lms.url);
  await browser.signIn(teacherAtLms.email, teacherAtLms.password);

  // "Add external tool in this window": the tool's login sends the browser to the twin's authorization endpoint,
  // which answers the self-posting form that carries the id_token to the tool's launch URL.
  const formPost = await browser.open(`${lms.url}/deep-linking/start?target=window`);
  expect(formPost.text).toContain(`action="${world.config.url}/lti/launch"`);
  const idToken = /name="id_token" value="([^"]+)"/.exec(formPost.text)![1]!;
  const settings = decodeJwt(idToken)[`${DL}deep_linking_settings`] as { deep_link_return_url: string; data: string; accept_types: string[]; accept_lineitem: boolean };

  // As the launch stores a teacher's deep linking request (its sign-in maps the LMS teacher to this one).
  const requestId = await world.givenLtiDeepLinkRequest(world.teacher, {
    platformId: lms.platformId,
    deploymentId: decodeJwt(idToken)['https://purl.imsglobal.org/spec/lti/claim/deployment_id'] as string,
    launchUrl: `${world.config.url}/lti/launch`,
    returnUrl: settings.deep_link_return_url,
    data: settings.data,
    acceptTypes: settings.accept_types,
    acceptLineItem: settings.accept_lineitem,
  });
  const module = await world.createModuleWithSections(world.teacher, 1, 'Photosynthesis');
  await world.ok('putCheck', { as: world.teacher, params: { id: module._id, sectionId: module.sections[0]!._id! }, body: ONE_CHECK_QUESTION });

  const page = await world.ok('getLtiDeepLink', { as: world.teacher, params: { requestId } });
  expect(page).toMatchObject({ platformName: `Local LMS (Biology 101)`, status: 'open', modules: [{ moduleId: module._id, title: 'Photosynthesis', graded: true }] });
  const { returnUrl, jwt } = await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body: { moduleId: module._id } });
  expect(returnUrl).toBe(settings.deep_link_return_url);

  // The page's form post: the twin verifies the response against the tool's JWKS and adds the link.
  const posted = await fetch(returnUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: jwt }) });
  expect(posted.status).toBe(200);
  const course = await browser.open(`${lms.url}/`);
  expect(course.text).toContain('Photosynthesis</a>');
  const gradebook = await browser.open(`${lms.url}/gradebook`);
  expect(gradebook.text).toContain('<th scope="col">Photosynthesis (out of 100)</th>');

  await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body: { moduleId: module._id } }, 409);
  expect(await world.ok('getLtiDeepLink', { as: world.teacher, params: { requestId } })).toMatchObject({ status: 'answered' });
});

test('Cancel answers with nothing, which the twin accepts, adding nothing', async () => {
  const lms = world.config.lms!;
  const teacherAtLms = lms.accounts.find((account) => account.role === 'Instructor')!;
  const browser = new LmsBrowser(lms.url);
  await browser.signIn(teacherAtLms.email, teacherAtLms.password);
  const formPost = await browser.open(`${lms.url}/deep-linking/start?target=window`);
  const claims = decodeJwt(/name="id_token" value="([^"]+)"/.exec(formPost.text)![1]!);
  const settings = claims[`${DL}deep_linking_settings`] as { deep_link_return_url: string; data: string };
  const requestId = await world.givenLtiDeepLinkRequest(world.teacher, { platformId: lms.platformId, deploymentId: 'local-deployment-1', returnUrl: settings.deep_link_return_url, data: settings.data });
  const before = (await browser.open(`${lms.url}/`)).text.match(/<li>/g)?.length ?? 0;

  const { returnUrl, jwt } = await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body: { moduleId: null } });
  const posted = await fetch(returnUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: jwt }) });

  expect(posted.status).toBe(200);
  expect(await posted.text()).toContain('lti_msg=Added+nothing+to+the+course.');
  expect((await browser.open(`${lms.url}/`)).text.match(/<li>/g)?.length ?? 0).toBe(before);
});
