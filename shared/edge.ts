// How the API knows a request came through the app's CloudFront distribution: CloudFront adds this header, with a
// secret value, to every request it sends the API (replacing any a viewer sent); the API refuses requests without it,
// so the API's own endpoint cannot be used to get around CloudFront.
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The origin-verify secret is JSON with one value per generation (`{"g1": "…", "g2": "…"}`); CloudFront sends the value
 * of the generation deployed (`-c originVerifyGeneration`), the functions accept it and the one before it.
 */
export const originVerifyKey = (generation: number) => `g${generation}`;
