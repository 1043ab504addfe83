// Configuration read once at cold start; a missing variable fails loudly instead of at the first request.

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/** Set only by the local stack, which runs DynamoDB and S3 twins on this machine. */
export const localEndpoints = {
  dynamoDb: process.env.DYNAMODB_ENDPOINT,
  s3: process.env.S3_ENDPOINT,
  /** The Cognito twin (cognito-local): also tells the people directory that no e-mail is sent. */
  cognito: process.env.COGNITO_ENDPOINT,
};
