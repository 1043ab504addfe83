// Names of the custom CloudWatch metrics the functions emit (EMF, through Powertools) and the stacks alarm on and
// chart: one list, so a renamed metric cannot silently leave an alarm watching nothing.
export const METRICS_NAMESPACE = 'LearningPaths';

export const BUSINESS_METRICS = {
  moduleCreated: 'ModuleCreated',
  sectionCompleted: 'SectionCompleted',
  /** A student taking back a section's completion (mark-complete with `completed: false`): never a completion. */
  sectionCompletionUndone: 'SectionCompletionUndone',
  uploadCompleted: 'UploadCompleted',
  /** A signed-in user whose groups the route does not admit (the API side of "sign-in refused by role"). */
  refusedByRole: 'RequestRefusedByRole',
} as const;

/** Requests that ended in a 500 the handler caught (Lambda's own Errors metric does not count them). */
export const SERVER_ERROR_METRIC = 'ServerError';

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];
