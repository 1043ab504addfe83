// The checks routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { checksRoutes } from '@shared/contract/checks';
import { CLASS_ID, SECTION_TEXT } from '../support/world';
import { CHECK, type ResourceFixtures } from './context';

export const checksFixtures: ResourceFixtures<typeof checksRoutes> = {
  putCheck: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: CHECK }),
    statuses: { teacher: 200, otherTeacher: 404 },
    // With an attempt on it, the edit is a new version.
    drive: async ({ world, assigned }) => {
      const module = await assigned();
      const path = { id: module._id, sectionId: module.sections[0]._id };
      await world.ok('putCheck', { as: world.teacher, params: path, body: CHECK });
      await world.ok('submitAttempt', { as: world.student, params: path, body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } } }, 201);
      await world.ok('putCheck', { as: world.teacher, params: path, body: { ...CHECK, passMark: 50 } });
    },
  },
  getCheck: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[0] } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
    // A check with an attempt, and the student's view of it in a class named by the query.
    drive: async ({ world, checked }) => {
      const { path } = await checked();
      await world.ok('getCheck', { as: world.teacher, params: path });
      await world.ok('getCheck', { as: world.student, params: path, path: `/api/modules/${path.id}/sections/${path.sectionId}/check?classId=${CLASS_ID}` });
      await world.ok('getCheck', { as: world.student, params: path });
    },
  },
  submitAttempt: {
    request: async ({ moduleId, sectionIds }) => ({
      params: { id: moduleId, sectionId: sectionIds[0] },
      body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } },
    }),
    statuses: { student: 201, otherStudent: 404 },
    // A failed attempt, its retry answered as before, then a pass that completes the section.
    drive: async ({ world, checked }) => {
      const { path } = await checked();
      const body = { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: false } };
      await world.ok('submitAttempt', { as: world.student, params: path, body }, 201);
      await world.ok('submitAttempt', { as: world.student, params: path, body }, 200);
      await world.ok('submitAttempt', { as: world.student, params: path, body: { ...body, attemptId: crypto.randomUUID(), answers: { q1: true } } }, 201);
    },
  },
  draftQuestions: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: { count: 3 } }),
    statuses: { teacher: 200, otherTeacher: 404 },
    // Before the section's text is stored, and with it.
    drive: async ({ world, newModule }) => {
      const module = await newModule();
      const path = { id: module._id, sectionId: module.sections[0]._id };
      await world.ok('draftQuestions', { as: world.teacher, params: path, body: { count: 3 } }, 409);
      await world.givenText(module.sections[0].contentUrl, world.teacher, SECTION_TEXT);
      await world.ok('draftQuestions', { as: world.teacher, params: path, body: { count: 3, kinds: ['single', 'text'] } });
    },
  },
  settleDrafts: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: { passages: ['The nucleus holds the genetic material of the cell.'] } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  getCheckAnalysis: {
    request: async ({ moduleId, sectionIds }) => ({ params: { classId: CLASS_ID, moduleId, sectionId: sectionIds[0] } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
  listStudentAttempts: {
    request: async ({ world }) => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 },
  },
};
