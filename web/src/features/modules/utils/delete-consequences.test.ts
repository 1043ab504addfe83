import { deleteConsequences } from './delete-consequences';

describe('deleteConsequences', () => {
  it('names the classes and counts everything lost: progress, attempts with their scores, overrides and prerequisites', () => {
    expect(
      deleteConsequences({
        classes: [
          { classId: 'a', className: 'Art 9C' },
          { classId: 'b', className: 'Biology 7A' },
        ],
        studentsWithProgress: 23,
        checkAttempts: 1,
        overrides: 3,
        prerequisites: 1,
      }),
    ).toBe(
      "It is assigned to Art 9C and Biology 7A, and will be removed from those classes. Deleting it also deletes the progress of 23 students, 1 check attempt with its score, 3 overrides of students' paths, and 1 prerequisite naming it. This cannot be undone.",
    );
  });

  it('counts only what there is', () => {
    expect(deleteConsequences({ classes: [{ classId: 'a', className: 'Art 9C' }], studentsWithProgress: 2, checkAttempts: 5, overrides: 0, prerequisites: 0 })).toBe(
      'It is assigned to Art 9C, and will be removed from that class. Deleting it also deletes the progress of 2 students and 5 check attempts with their scores. This cannot be undone.',
    );
  });

  it('says when nothing but the module goes', () => {
    expect(deleteConsequences({ classes: [], studentsWithProgress: 0, checkAttempts: 0, overrides: 0, prerequisites: 0 })).toBe(
      'It is not assigned to any class. No student has progress in it. This cannot be undone.',
    );
  });
});
