// Configuration read once at cold start; a missing variable fails loudly instead of at the first request.

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const env = {
  tableName: required('TABLE_NAME'),
  bucketName: required('BUCKET_NAME'),
  /** Set only by the local stack, which runs DynamoDB and S3 twins on this machine. */
  dynamoDbEndpoint: process.env.DYNAMODB_ENDPOINT,
  s3Endpoint: process.env.S3_ENDPOINT,
};
