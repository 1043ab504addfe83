// The platform's end of Deep Linking 2.0 (§4.2, the response message): the tool form-posts a JWT (parameter `JWT`)
// signed with its key to deep_link_return_url; the platform verifies it against the tool's JWKS and adds each
// ltiResourceLink content item to the course, with a gradebook line item when the item carries `lineItem`.
import { jwtVerify, type JWTPayload } from 'jose';
import { parseLineItem, type CourseItem, type LtiAccount } from './course';
import { HttpError } from './http';
import type { Launches } from './launch';
import { describeJwtError, type Platform } from './platform';
import { CLAIM, LTI_VERSION, MESSAGE_TYPE } from './vocabulary';

export interface DeepLinkingOutcome {
  teacher: LtiAccount | undefined;
  added: CourseItem[];
  /** The tool's msg or errormsg for the person, if it sent one. */
  message?: string;
  error?: string;
}

const RESPONSE_TTL_SECONDS = 10 * 60;

export async function receiveDeepLinkingResponse(platform: Platform, launches: Launches, form: URLSearchParams): Promise<DeepLinkingOutcome> {
  const token = form.get('JWT');
  if (!token) throw new HttpError(400, 'The deep linking response must be form-posted as the JWT parameter.');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, platform.toolKeys, {
      issuer: platform.clientId,
      audience: platform.issuer,
      algorithms: ['RS256'],
      requiredClaims: ['iat', 'exp', 'nonce'],
      maxTokenAge: RESPONSE_TTL_SECONDS,
    }));
  } catch (error) {
    throw new HttpError(400, describeJwtError(error, 'deep linking response'));
  }
  const claim = (name: string) => payload[name];
  if (claim(CLAIM.messageType) !== MESSAGE_TYPE.deepLinkingResponse) {
    throw new HttpError(400, `${CLAIM.messageType} must be ${MESSAGE_TYPE.deepLinkingResponse} (was ${JSON.stringify(claim(CLAIM.messageType))}).`);
  }
  if (claim(CLAIM.version) !== LTI_VERSION) throw new HttpError(400, `${CLAIM.version} must be ${LTI_VERSION}.`);
  if (claim(CLAIM.deploymentId) !== platform.deploymentId) {
    throw new HttpError(400, `${CLAIM.deploymentId} must be ${platform.deploymentId}, the deployment of the request.`);
  }
  if (!platform.oneTime.use('deep-linking-nonce', String(payload.nonce), payload.exp!)) {
    throw new HttpError(400, 'This deep linking response\'s nonce was used before: a response is accepted once.');
  }
  const contentItems = claim(CLAIM.contentItems) ?? [];
  if (!Array.isArray(contentItems)) throw new HttpError(400, `${CLAIM.contentItems} must be an array.`);
  const items = contentItems.map((item: unknown, index) => contentItem(item, index));
  // Checked last, as it is used up: a response refused for another fault can be sent again, corrected.
  const request = launches.takeDeepLinkingRequest(claim(CLAIM.data));
  const added = items.map(({ lineItem, ...item }) => {
    const courseItem = platform.course.addItem(item);
    if (lineItem) platform.course.addLineItem({ ...lineItem, resourceLinkId: courseItem.id });
    return platform.course.item(courseItem.id)!;
  });
  const text = (name: string) => (typeof claim(name) === 'string' ? (claim(name) as string) : undefined);
  return {
    teacher: platform.course.member(request.userId),
    added,
    ...(text(CLAIM.msg) !== undefined && { message: text(CLAIM.msg) }),
    ...(text(CLAIM.errorMsg) !== undefined && { error: text(CLAIM.errorMsg) }),
  };
}

function contentItem(value: unknown, index: number) {
  const where = `content item ${index + 1}`;
  if (typeof value !== 'object' || value === null) throw new HttpError(400, `${where} is not an object.`);
  const item = value as Record<string, unknown>;
  if (item.type !== 'ltiResourceLink') {
    throw new HttpError(400, `${where} is of type ${JSON.stringify(item.type)}; this LMS accepts only ltiResourceLink (accept_types).`);
  }
  const title = typeof item.title === 'string' && item.title.trim() ? item.title : 'Untitled activity';
  if (item.url !== undefined && (typeof item.url !== 'string' || !/^https?:\/\//.test(item.url))) {
    throw new HttpError(400, `${where}'s url must be an absolute http(s) URL.`);
  }
  if (item.custom !== undefined && !isStringRecord(item.custom)) throw new HttpError(400, `${where}'s custom must map names to strings.`);
  let lineItem;
  if (item.lineItem !== undefined) {
    if (typeof item.lineItem !== 'object' || item.lineItem === null) throw new HttpError(400, `${where}'s lineItem must be an object.`);
    try {
      lineItem = parseLineItem(item.lineItem as Record<string, unknown>, title);
    } catch (error) {
      throw new HttpError(400, `${where}'s lineItem: ${(error as Error).message}`);
    }
  }
  return {
    title,
    ...(typeof item.text === 'string' && { text: item.text }),
    ...(typeof item.url === 'string' && { url: item.url }),
    ...(item.custom !== undefined && { custom: item.custom as Record<string, string> }),
    lineItem,
  };
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((entry) => typeof entry === 'string');
