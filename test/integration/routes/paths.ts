// The paths routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { pathsRoutes } from '@shared/contract/paths';
import { CLASS_ID } from '../support/world';
import type { ResourceFixtures } from './context';

export const pathsFixtures: ResourceFixtures<typeof pathsRoutes> = {
  previewPathChanges: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId }, body: { sequential: true, sections: sectionIds.map((_id) => ({ _id, role: 'core' })) } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  previewPath: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId }, body: { completed: [sectionIds[0]] } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  checkPath: {
    request: async ({ moduleId }) => ({ params: { id: moduleId } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  // A module of its own per call: the teacher's override is the student's first in it.
  addPathOverride: {
    request: async ({ world, newModule, assign }) => {
      const fresh = await newModule('To override');
      await assign(fresh._id);
      return {
        params: { classId: CLASS_ID, studentId: world.student.userId },
        body: { moduleId: fresh._id, kind: 'excuse', sectionId: fresh.sections[0]._id, reason: 'Was away that week' },
      };
    },
    statuses: { teacher: 201, otherTeacher: 404 },
    // The other kinds, and a student not in the class.
    drive: async ({ world, newModule, assign }) => {
      const module = await newModule();
      await assign(module._id);
      const params = { classId: CLASS_ID, studentId: world.student.userId };
      await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'release', sectionId: module.sections[0]._id, reason: 'Ready for it' } }, 201);
      await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'unlock', reason: 'Ready for it' } }, 201);
      await world.ok('addPathOverride', { as: world.teacher, params: { ...params, studentId: world.otherStudent.userId }, body: { moduleId: module._id, kind: 'unlock', reason: 'x' } }, 404);
    },
  },
  listPathOverrides: {
    request: async ({ world }) => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
  // A module of its own per call, with the student's unlock to take back.
  removePathOverride: {
    request: async ({ world, newModule, assign }) => {
      const fresh = await newModule('To take back');
      await assign(fresh._id);
      const params = { classId: CLASS_ID, studentId: world.student.userId };
      await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: fresh._id, kind: 'unlock', reason: 'Ready' } }, 201);
      return { params: { ...params, moduleId: fresh._id, kind: 'unlock' } };
    },
    statuses: { teacher: 200, otherTeacher: 404 },
    // A section's excuse (named by the query), then again and another kind: both gone.
    drive: async ({ world, newModule, assign }) => {
      const module = await newModule();
      await assign(module._id);
      const params = { classId: CLASS_ID, studentId: world.student.userId };
      const sectionId = module.sections[0]._id;
      await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'excuse', sectionId, reason: 'Away' } }, 201);
      const release = { ...params, moduleId: module._id, kind: 'excuse' };
      const path = `/api/classes/${CLASS_ID}/students/${world.student.userId}/overrides/${module._id}/excuse?sectionId=${sectionId}`;
      await world.ok('removePathOverride', { as: world.teacher, params: release, path }, 200);
      await world.ok('removePathOverride', { as: world.teacher, params: release, path }, 404);
      await world.ok('removePathOverride', { as: world.teacher, params: { ...release, kind: 'unlock' } }, 404);
    },
  },
  // A module of its own per call, waiting for the class's module.
  setModulePrerequisite: {
    request: async ({ moduleId, newModule, assign }) => {
      const fresh = await newModule('Comes after');
      await assign(fresh._id);
      return { params: { classId: CLASS_ID, moduleId: fresh._id }, body: { prerequisiteModuleId: moduleId } };
    },
    statuses: { teacher: 200, otherTeacher: 404 },
    // A cycle refused, and unassigning the module forgets its prerequisite.
    drive: async ({ world, newModule, assign }) => {
      const [first, second] = [await newModule(), await newModule()];
      for (const module of [first, second]) await assign(module._id);
      const params = { classId: CLASS_ID, moduleId: second._id };
      await world.ok('setModulePrerequisite', { as: world.teacher, params, body: { prerequisiteModuleId: first._id } });
      await world.ok('setModulePrerequisite', { as: world.teacher, params: { classId: CLASS_ID, moduleId: first._id }, body: { prerequisiteModuleId: second._id } }, 400);
      await world.ok('unassignModule', { as: world.teacher, params }, 200);
    },
  },
};
