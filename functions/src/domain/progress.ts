// Use cases for progress: students mark sections of their class's modules complete; teachers read the class report.
import type { ClassReportRow, ModuleProgress, ModuleReport, Progress, StudentClassProgress, StudentModuleProgress } from '../../../shared/entities';
import { latestOf } from '../../../shared/report-insight';
import type { MarkCompleteInput } from '../../../shared/schemas';
import type { Caller } from './caller';
import { isTeacherOf, requireClass } from './classes';
import { forbidden, invalid, notFound } from './errors';
import type { ClassRecord, ClassStore, Clock, ModuleRecord, ModuleStore, ProgressKey, ProgressRecord, ProgressStore } from './ports';

export interface ProgressServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  progress: ProgressStore;
  clock: Clock;
}

export function makeProgressService({ classes, modules, progress, clock }: ProgressServicePorts) {
  async function get(caller: Caller, key: ProgressKey): Promise<Progress> {
    const schoolClass = await requireClass(classes, caller, key.classId, 'teacherOrStudent');
    if (!isTeacherOf(caller, schoolClass) && key.studentId !== caller.userId) {
      throw forbidden('You can only see your own progress.');
    }
    if (!Object.hasOwn(schoolClass.students, key.studentId)) throw notFound('This student is not enrolled in this class.');
    const module = await requireAssignedModule(schoolClass, key.moduleId);
    const record = await progress.getProgress(key);
    // Nothing recorded yet is an answer, not an error: the old API's 404 made every first visit log a failed request.
    if (!record) return { ...key, completedSections: [] };
    return toProgress(record, module);
  }

  /**
   * A student's progress in every module of a class, in syllabus order (by title, as the class detail lists them),
   * with the first section still to do: the dashboard's completion and Continue, and the syllabus states, in one call.
   * Reads: the class, its modules (one BatchGet) and the student's progress items (one BatchGet).
   */
  async function studentClassProgress(caller: Caller, classId: string, studentId: string): Promise<StudentClassProgress> {
    const schoolClass = await requireClass(classes, caller, classId, 'teacherOrStudent');
    if (!isTeacherOf(caller, schoolClass) && studentId !== caller.userId) {
      throw forbidden('You can only see your own progress.');
    }
    if (!Object.hasOwn(schoolClass.students, studentId)) throw notFound('This student is not enrolled in this class.');
    const [assigned, records] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      progress.listProgressOfStudent(classId, schoolClass.assignedModuleIds, studentId),
    ]);
    const byModule = new Map(records.map((record) => [record.moduleId, record]));
    return {
      classId,
      studentId,
      modules: [...assigned]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((module) => studentModuleProgress(module, byModule.get(module.moduleId))),
    };
  }

  /** Marks one section complete for the calling student; repeating it changes nothing. */
  async function markComplete(caller: Caller, input: MarkCompleteInput): Promise<Progress> {
    if (input.studentId !== caller.userId) throw forbidden('You can only mark your own progress.');
    const schoolClass = await requireClass(classes, caller, input.classId, 'student');
    const module = await requireAssignedModule(schoolClass, input.moduleId);
    if (!module.sections.some((section) => section._id === input.sectionId)) {
      throw invalid('This section is not part of the module; reload the module and try again.');
    }
    const key = { classId: input.classId, moduleId: input.moduleId, studentId: caller.userId };
    const record = await progress.addCompletedSection(key, input.sectionId, clock.now().toISOString(), {
      teacherId: schoolClass.teacherId,
      studentName: schoolClass.students[caller.userId] ?? '',
      moduleTitle: module.title,
      className: schoolClass.className,
      sectionTotal: module.sections.length,
    });
    return toProgress(record, module);
  }

  /**
   * One row per student, one entry per assigned module. A fixed number of reads whatever the class size:
   * the class item (roster with names), the class's progress items, and the assigned modules.
   */
  async function classReport(caller: Caller, classId: string): Promise<ClassReportRow[]> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [assigned, records] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      progress.listProgressOfClass(classId),
    ]);
    const studentIds = Object.keys(schoolClass.students);
    if (assigned.length === 0 || studentIds.length === 0) return [];
    const byStudentAndModule = new Map(records.map((record) => [`${record.studentId}|${record.moduleId}`, record]));
    const orderedModules = [...assigned].sort((a, b) => a.title.localeCompare(b.title));
    return studentIds
      .map((studentId) => {
        const records = orderedModules.map((module) => byStudentAndModule.get(`${studentId}|${module.moduleId}`));
        return {
          studentId,
          studentName: schoolClass.students[studentId],
          lastActivityAt: lastActivity(records),
          modules: orderedModules.map((module, index) => ({
            ...moduleProgress(module, records[index]),
            completedAt: completionTimes(records[index], module),
          })),
        };
      })
      .sort((a, b) => a.studentName.localeCompare(b.studentName));
  }

  /**
   * The module drill-down: every student of the class × the module's sections, with completion times. Reads the class
   * (roster), the module and the module's progress items in the class (one query): 3 round trips whatever the size.
   */
  async function moduleReport(caller: Caller, classId: string, moduleId: string): Promise<ModuleReport> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [module, records] = await Promise.all([
      requireAssignedModule(schoolClass, moduleId),
      progress.listProgressOfClass(classId, moduleId),
    ]);
    const byStudent = new Map(records.map((record) => [record.studentId, record]));
    return {
      moduleId,
      moduleTitle: module.title,
      sections: [...module.sections].sort((a, b) => a.order - b.order).map(({ _id, title }) => ({ _id, title })),
      rows: Object.entries(schoolClass.students)
        .map(([studentId, studentName]) => ({ studentId, studentName, completedAt: completionTimes(byStudent.get(studentId), module) }))
        .sort((a, b) => a.studentName.localeCompare(b.studentName)),
    };
  }

  async function requireAssignedModule(schoolClass: ClassRecord, moduleId: string): Promise<ModuleRecord> {
    const module = schoolClass.assignedModuleIds.includes(moduleId) ? await modules.getModule(moduleId) : undefined;
    if (!module) throw notFound('This module is not assigned to this class.');
    return module;
  }

  return { get, studentClassProgress, markComplete, classReport, moduleReport };
}

/** Only sections still in the module count: removing a section in an edit removes it from everyone's progress. */
const currentSections = (record: ProgressRecord | undefined, module: ModuleRecord) => {
  const done = new Set(record?.completedSections ?? []);
  return module.sections.filter((section) => done.has(section._id)).map((section) => section._id);
};

/** When each current completed section was first completed; null for one completed before times were recorded. */
function completionTimes(record: ProgressRecord | undefined, module: ModuleRecord): Record<string, string | null> {
  return Object.fromEntries(currentSections(record, module).map((sectionId) => [sectionId, record?.completedAt?.[sectionId] ?? null]));
}

/**
 * A student's latest completion over their progress items. An item written before completion times were kept stands
 * for its own updatedAt (when its last section was marked), so old progress still shows when the student last worked.
 */
function lastActivity(records: (ProgressRecord | undefined)[]): string | null {
  return latestOf(
    records.map((record) => {
      if (!record || record.completedSections.length === 0) return null;
      const times = Object.values(record.completedAt ?? {});
      return times.length === record.completedSections.length ? latestOf(times) : latestOf([...times, record.updatedAt]);
    }),
  );
}

function toProgress(record: ProgressRecord, module: ModuleRecord): Progress {
  const { studentId, moduleId, classId, updatedAt } = record;
  return { studentId, moduleId, classId, completedSections: currentSections(record, module), updatedAt };
}

function moduleProgress(module: ModuleRecord, record: ProgressRecord | undefined): ModuleProgress {
  const completed = currentSections(record, module).length;
  const total = module.sections.length;
  return {
    moduleId: module.moduleId,
    moduleTitle: module.title,
    percentage: total === 0 ? 0 : Math.round((completed / total) * 100),
    completed,
    total,
  };
}

function studentModuleProgress(module: ModuleRecord, record: ProgressRecord | undefined): StudentModuleProgress {
  const completedSections = currentSections(record, module);
  const done = new Set(completedSections);
  const next = [...module.sections].sort((a, b) => a.order - b.order).find((section) => !done.has(section._id));
  return { ...moduleProgress(module, record), completedSections, nextSectionId: next?._id ?? null };
}
