// Why a login or launch from an LMS was refused: each reason the LTI 1.3 Security Framework requires a check for,
// and the sentence the refusal page shows (the person in the LMS frame reads it, their LMS admin acts on it).
export const LTI_REFUSALS = {
  missingParameter: 'The LMS did not send everything a login or launch needs.',
  unknownPlatform: 'This LMS is not registered here. An administrator registers it under LMS Connections.',
  ambiguousPlatform: 'This LMS is registered more than once here and did not say which registration (client_id) it uses.',
  unknownDeployment: 'This deployment of the tool is not registered. An administrator adds its deployment ID under LMS Connections.',
  targetElsewhere: 'The LMS asked to launch an address that is not this tool.',
  state: 'This launch does not match a login started here, or was used already, or took too long. Open the link in the LMS again.',
  malformedToken: 'The LMS sent a launch that is not a signed token (JWT).',
  signature: "The launch's signature does not match the LMS's published keys.",
  keysUnavailable: "The LMS's public keys could not be read; try again in a minute.",
  issuer: 'The launch was issued by another LMS than the one the login started with (iss).',
  audience: "The launch was not addressed to this tool's client ID (aud).",
  authorizedParty: "The launch's authorized party is not this tool's client ID (azp).",
  expired: 'The launch has expired (exp); open the link in the LMS again.',
  issuedAt: 'The launch was issued too long ago or in the future (iat); check the clocks, then open the link again.',
  nonce: 'The launch does not carry the one-time value (nonce) this login sent.',
  version: 'The launch is not LTI version 1.3.0.',
  messageType: 'This tool accepts resource link and deep linking launches only.',
  claims: 'The launch is missing a claim LTI 1.3 requires.',
  // Who may come in from an LMS (lti/session.ts): the launch was valid, the person or course cannot be opened here.
  role: 'This tool opens for the course\'s instructors and learners only.',
  administrator: 'Administrators do not sign in from an LMS; sign in to Learning Paths directly.',
  disabled: 'Your account is disabled; ask your administrator.',
  noRole: 'Your account has no role yet; ask your administrator.',
  notATeacherHere: 'Your account here is not a teacher\'s, so this course cannot be opened as its instructor; ask your administrator.',
  unknownCourse: 'This course is not set up in Learning Paths yet: ask your teacher to open this course\'s link first, then open it again.',
  notTheTeacher: 'This course\'s class is taught by another teacher here; ask your administrator to make you its teacher.',
  noCourse: 'This link was not opened from a course; open it from your course in the LMS.',
  deepLinkingTeachersOnly: 'Only a course\'s instructor can add content from this tool.',
} as const;

/** The refusals that are about who launched (403), not about a launch that failed its checks. */
export const PERSON_REFUSALS: readonly LtiRefusalReason[] = ['role', 'administrator', 'disabled', 'noRole', 'notATeacherHere', 'notTheTeacher', 'deepLinkingTeachersOnly'];

export type LtiRefusalReason = keyof typeof LTI_REFUSALS;

/** A refused login or launch: the page says what failed, and no session is started. */
export class LtiRefusal extends Error {
  constructor(
    readonly reason: LtiRefusalReason,
    /** What exactly, for the page's detail line and the log (a claim's name, a parameter's). */
    readonly detail?: string,
  ) {
    super(LTI_REFUSALS[reason]);
    this.name = 'LtiRefusal';
  }
}

export const refuse = (reason: LtiRefusalReason, detail?: string) => new LtiRefusal(reason, detail);
