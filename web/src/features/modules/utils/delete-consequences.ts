// The delete dialog's account of what a module's deletion takes away, from the owner's usage read: every kind of
// record that goes with it (progress, check attempts and their scores, overrides, prerequisites), by count.
import type { ModuleUsage } from '@shared/contract/modules';

const classList = new Intl.ListFormat('en', { type: 'conjunction' });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function deleteConsequences({ classes, studentsWithProgress, checkAttempts, overrides, prerequisites }: ModuleUsage): string {
  const lost = [
    studentsWithProgress > 0 && `the progress of ${plural(studentsWithProgress, 'student', 'students')}`,
    checkAttempts > 0 && `${plural(checkAttempts, 'check attempt', 'check attempts')} with ${checkAttempts === 1 ? 'its score' : 'their scores'}`,
    overrides > 0 && `${plural(overrides, "override of a student's path", "overrides of students' paths")}`,
    prerequisites > 0 && `${plural(prerequisites, 'prerequisite', 'prerequisites')} naming it`,
  ].filter((each): each is string => typeof each === 'string');
  return [
    classes.length > 0
      ? `It is assigned to ${classList.format(classes.map((each) => each.className))}, and will be removed from ${classes.length === 1 ? 'that class' : 'those classes'}.`
      : 'It is not assigned to any class.',
    lost.length > 0 ? `Deleting it also deletes ${classList.format(lost)}.` : 'No student has progress in it.',
    'This cannot be undone.',
  ].join(' ');
}
