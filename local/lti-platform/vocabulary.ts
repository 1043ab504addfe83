// The names the 1EdTech specifications give to claims, roles, scopes and media types, spelled once: LTI 1.3 Core
// (https://www.imsglobal.org/spec/lti/v1p3), Deep Linking 2.0 (/spec/lti-dl/v2p0), Assignment and Grade Services 2.0
// (/spec/lti-ags/v2p0) and Names and Role Provisioning Services 2.0 (/spec/lti-nrps/v2p0).

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  toolPlatform: `${LTI}tool_platform`,
  launchPresentation: `${LTI}launch_presentation`,
  custom: `${LTI}custom`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: `${DL}deep_linking_settings`,
  contentItems: `${DL}content_items`,
  data: `${DL}data`,
  msg: `${DL}msg`,
  log: `${DL}log`,
  errorMsg: `${DL}errormsg`,
  errorLog: `${DL}errorlog`,
} as const;

export const LTI_VERSION = '1.3.0';

export const MESSAGE_TYPE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

export type LtiRole = 'Instructor' | 'Learner';

/** Context (membership) roles, and the institution role an LMS sends beside each. */
export const ROLE_URIS: Record<LtiRole, { context: string; institution: string }> = {
  Instructor: {
    context: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
    institution: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
  },
  Learner: {
    context: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
    institution: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
  },
};

export const COURSE_OFFERING = 'http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering';

export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  contextMembershipReadOnly: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/** Everything the token endpoint grants; any other scope asked for is refused (invalid_scope). */
export const SERVICE_SCOPES: readonly string[] = Object.values(SCOPE);
export const AGS_SCOPES: readonly string[] = [SCOPE.lineItem, SCOPE.lineItemReadOnly, SCOPE.resultReadOnly, SCOPE.score];

export const MEDIA_TYPE = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  resultContainer: 'application/vnd.ims.lis.v2.resultcontainer+json',
  membershipContainer: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export const ACTIVITY_PROGRESS = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'] as const;
export const GRADING_PROGRESS = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'] as const;
