import { deleteConsequences } from './delete-consequences';

describe('deleteConsequences', () => {
  it('names the classes and counts what is lost', () => {
    expect(deleteConsequences({ classes: [{ classId: 'a', className: 'Art 9C' }, { classId: 'b', className: 'Biology 7A' }], studentsWithProgress: 23, checkAttempts: 1 })).toBe(
      'It is assigned to Art 9C and Biology 7A, and will be removed from those classes. Deleting it also deletes the progress of 23 students and 1 check attempt. This cannot be undone.',
    );
  });

  it('says when nothing but the module goes', () => {
    expect(deleteConsequences({ classes: [], studentsWithProgress: 0, checkAttempts: 0 })).toBe(
      'It is not assigned to any class. No student has progress in it. This cannot be undone.',
    );
  });
});
