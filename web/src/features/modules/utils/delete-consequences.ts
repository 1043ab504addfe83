// The delete dialog's account of what a module's deletion takes away, from the owner's usage read.
import type { ModuleUsage } from '@shared/contract/modules';

const classList = new Intl.ListFormat('en', { type: 'conjunction' });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function deleteConsequences({ classes, studentsWithProgress, checkAttempts }: ModuleUsage): string {
  const lost = [
    studentsWithProgress > 0 && `the progress of ${plural(studentsWithProgress, 'student', 'students')}`,
    checkAttempts > 0 && plural(checkAttempts, 'check attempt', 'check attempts'),
  ].filter(Boolean);
  return [
    classes.length > 0
      ? `It is assigned to ${classList.format(classes.map((each) => each.className))}, and will be removed from ${classes.length === 1 ? 'that class' : 'those classes'}.`
      : 'It is not assigned to any class.',
    lost.length > 0 ? `Deleting it also deletes ${lost.join(' and ')}.` : 'No student has progress in it.',
    'This cannot be undone.',
  ].join(' ');
}
