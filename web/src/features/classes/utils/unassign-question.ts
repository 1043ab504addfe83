/** The question the class page and a module's page ask before unassigning. */
export const unassignQuestion = (moduleTitle: string, className: string) =>
  `Unassign "${moduleTitle}" from ${className}? Your students' progress on it is kept and comes back if you assign it again.`;
