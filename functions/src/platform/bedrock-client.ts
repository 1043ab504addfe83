// Builds the Bedrock Runtime client the drafting handler uses where Bedrock drafting is enabled, once per container.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { traced } from './tracing';

export const makeBedrockClient = (): BedrockRuntimeClient => traced(new BedrockRuntimeClient({}));
