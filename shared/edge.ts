// How the API knows a request came through the app's CloudFront distribution: CloudFront adds this header, with a
// secret value, to every request it sends the API (replacing any a viewer sent); the API refuses requests without it,
// so the API's own endpoint cannot be used to get around CloudFront.
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
