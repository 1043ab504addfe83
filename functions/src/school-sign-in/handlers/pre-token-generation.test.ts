import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ADMIN_SECOND_FACTOR_MESSAGE } from '@shared/school-sign-in';
import { handler } from './pre-token-generation';

const tokens = (triggerSource: PreTokenGenerationTriggerEvent['triggerSource'], groups: string[], amr?: string): PreTokenGenerationTriggerEvent =>
  ({
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'sub-of-admin',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email: 'admin@school.example', ...(amr === undefined ? {} : { 'custom:idp_amr': amr }) }, groupConfiguration: { groupsToOverride: groups } },
    response: { claimsOverrideDetails: {} },
  }) as PreTokenGenerationTriggerEvent;

it("refuses an administrator's school sign-in whose provider used no second factor, or said nothing of it", async () => {
  await expect(handler(tokens('TokenGeneration_HostedAuth', ['Admins'], '["pwd"]'))).rejects.toThrow(ADMIN_SECOND_FACTOR_MESSAGE);
  await expect(handler(tokens('TokenGeneration_HostedAuth', ['Admins']))).rejects.toThrow(ADMIN_SECOND_FACTOR_MESSAGE);
});

it("admits an administrator's school sign-in with the provider's second factor, however the mapping wrote the methods", async () => {
  for (const amr of ['["pwd","mfa"]', 'pwd, otp', '[pwd, hwk]', 'http://schemas.microsoft.com/claims/multipleauthn']) {
    const event = tokens('TokenGeneration_HostedAuth', ['Admins'], amr);
    await expect(handler(event)).resolves.toBe(event);
  }
});

it("leaves a password sign-in (the app's TOTP asked by Cognito), a refresh and everyone else's school sign-in alone", async () => {
  for (const event of [
    tokens('TokenGeneration_Authentication', ['Admins']),
    tokens('TokenGeneration_RefreshTokens', ['Admins'], '["pwd","mfa"]'),
    tokens('TokenGeneration_HostedAuth', ['Teachers'], '["pwd"]'),
    tokens('TokenGeneration_HostedAuth', ['Students']),
  ]) {
    await expect(handler(event)).resolves.toBe(event);
  }
});
