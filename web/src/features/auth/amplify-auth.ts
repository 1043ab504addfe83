/**
 * Amplify's sign-in and password calls, loaded when first used: the login screens are preloaded with the entry, and
 * a static import would put Amplify's auth library (~38 kB gzip) in front of their first paint. By the time someone
 * submits, the start-up has loaded it already (it shares a chunk with the session check).
 */
export const loadAmplifyAuth = () => import('aws-amplify/auth');
