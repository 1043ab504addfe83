// Notices that are not ours to act on locally: cognito-local still loads the AWS SDK v2 (maintenance notice), and
// the v3 SDK warns that future versions need Node 22, which Lambda already runs.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
