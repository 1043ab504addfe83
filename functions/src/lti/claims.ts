// The claim names and values of LTI 1.3 (Core 1.3, Deep Linking 2.0, AGS 2.0, NRPS 2.0), as 1EdTech defines them.
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';

export const CLAIMS = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_VERSION = '1.3.0';
export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The scopes of the services the tool calls on a platform (AGS 2.0 §3.1, NRPS 2.0 §3.6.1). */
export const SERVICE_SCOPES = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  contextMembershipReadOnly: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const SERVICE_MEDIA_TYPES = {
  score: 'application/vnd.ims.lis.v1.score+json',
  membershipContainer: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;
/** The message the tool sends back to a deep linking request (Deep Linking 2.0 §4.2). */
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
