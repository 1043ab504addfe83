// The modules routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { modulesRoutes } from '@shared/contract/modules';
import { CHECK, type ResourceFixtures } from './context';

export const modulesFixtures: ResourceFixtures<typeof modulesRoutes> = {
  createModule: {
    request: async ({ teacherFile }) => ({ body: { title: 'New', description: 'Fresh', sections: [{ title: 'One', contentUrl: await teacherFile() }] } }),
    // Another teacher names the owning teacher's file: not theirs.
    statuses: { teacher: 201, otherTeacher: 400 },
    drive: async ({ world, teacherFile }) => {
      const draftId = crypto.randomUUID();
      const sections = [{ title: 'One', contentUrl: await teacherFile() }];
      await world.ok('createModule', { as: world.teacher, body: { _id: draftId, title: 'Draft', description: 'About it', sections } });
      await world.ok('createModule', { as: world.teacher, body: { _id: draftId, title: 'Draft', description: 'About it', sections } }, 200);
      // A file that is not there: the reference taken for it is withdrawn.
      const missing = `protected/${world.teacher.userId}/1-missing.pdf`;
      await world.ok('createModule', { as: world.teacher, body: { title: 'Missing', description: 'About it', sections: [{ title: 'x', contentUrl: missing }] } }, 400);
    },
  },
  listModules: {
    request: async () => ({}),
    statuses: { teacher: 200, otherTeacher: 200 },
  },
  getModule: {
    request: async ({ moduleId }) => ({ params: { id: moduleId } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
  },
  updateModule: {
    request: async ({ newModule }) => {
      const fresh = await newModule('To edit');
      return { params: { id: fresh._id }, body: { title: 'Edited', description: 'Edited', sections: fresh.sections, updatedAt: fresh.updatedAt } };
    },
    statuses: { teacher: 200, otherTeacher: 404 },
    drive: async ({ world, newModule, teacherFile }) => {
      const module = await newModule();
      // The replaced section's check goes with it (its partition is queried and deleted).
      await world.ok('putCheck', { as: world.teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: CHECK });
      const body = { title: 'Edited', description: 'About it', updatedAt: module.updatedAt, sections: [{ title: 'New', contentUrl: await teacherFile() }] };
      // The old file is released and deleted; a stale version is refused.
      await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body });
      await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body }, 409);
    },
  },
  deleteModule: {
    request: async ({ newModule }) => ({ params: { id: (await newModule('To delete'))._id } }),
    statuses: { teacher: 204, otherTeacher: 404 },
    // An assigned module with the student's progress.
    drive: async ({ world, assigned }) => world.ok('deleteModule', { as: world.teacher, params: { id: (await assigned())._id } }),
  },
};
