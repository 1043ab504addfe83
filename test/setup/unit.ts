import 'aws-sdk-client-mock-jest';

// Handlers read their configuration at cold start.
process.env.TABLE_NAME ??= 'test-table';
// The handlers' tests check the HTTP mapping over mocked clients; the rate limit has tests of its own.
process.env.CALLER_RATE_LIMIT ??= 'off';
// Likewise the access records (revoked tokens, second-factor sign-ins): platform/http.test.ts tests them.
process.env.PERSON_ACCESS_CHECK ??= 'off';
process.env.BUCKET_NAME ??= 'test-bucket';
process.env.USER_POOL_ID ??= 'test-pool';
process.env.LTI_TOOL_KEYS_FILE ??= 'test-lti-tool-keys.json';
process.env.FILE_LINK_KEYS_FILE ??= 'test-file-link-keys.json';
process.env.LTI_SCORE_QUEUE_URL ??= 'in-process';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
process.env.LTI_FRAME_ANCESTORS_STORE ??= 'registrations';
