// How the API knows a request came through the app's CloudFront distribution: CloudFront adds this header, with a
// secret value, to every request it sends the API (replacing any a viewer sent); the API refuses requests without it,
// so the API's own endpoint cannot be used to get around CloudFront.
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The origin-verify secret is JSON with one value per generation (`{"g1": "…", "g2": "…"}`); CloudFront sends the value
 * of the generation deployed (`-c originVerifyGeneration`), the functions accept it and the one before it.
 */
export const originVerifyKey = (generation: number) => `g${generation}`;

/**
 * The app's origin as the viewer reached it (`https://` + the Host CloudFront accepted: its own domain or an alias),
 * which a CloudFront Function on /lti/* writes over any value a viewer sent: the LTI endpoints build their URLs on
 * it, since the Host the API sees is its own.
 */
export const APP_ORIGIN_HEADER = 'x-app-origin';

/** That CloudFront Function (viewer request), as its source: plain ES5 the CloudFront runtime runs. */
export function appOriginFunctionSource(): string {
  return `function handler(event) {
  var request = event.request;
  request.headers[${JSON.stringify(APP_ORIGIN_HEADER)}] = { value: 'https://' + request.headers.host.value };
  return request;
}`;
}
