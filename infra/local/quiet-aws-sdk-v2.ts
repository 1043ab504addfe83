// cognito-local still loads the AWS SDK v2, which prints a maintenance notice when loaded; it is not ours to act on.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

export {};
