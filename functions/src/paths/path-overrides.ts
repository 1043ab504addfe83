// Per-student overrides of a path: the class's teacher opens a section for one student whatever the rules, excuses
// them from one, unlocks a module whatever its prerequisite, or grants more attempts at a check, always with a reason. Each is stored in the student's
// override item for the module (never a copy of their path: the path is still computed, with the overrides as one of
// its inputs), listed in the student's drill-down and in the class's list, and written to the audit trail; so is
// taking one back.
import type { ClassOverrides, PathOverride, PathOverrideInput, StudentOverrides, PathOverrideTarget } from '@shared/contract/paths';
import type { AuditAction } from '@shared/people';
import type { Caller } from '../kernel/caller';
import { requireClass, requireWritableClass } from '../classes/classes';
import { invalid, notFound } from '../kernel/errors';
import type { AuditLog } from '../audit/port';
import type { CheckStore } from '../checks/port';
import type { ClassStore } from '../classes/port';
import type { Clock } from '../kernel/ports';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { PathOverrideRecord, PathOverrideStore } from './port';
import { NOT_ASSIGNED, STUDENT_NOT_ENROLLED } from '../progress/progress';

export interface PathOverrideServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  /** Extra attempts are granted only at a check that limits them. */
  checks: Pick<CheckStore, 'getCheck'>;
  overrides: PathOverrideStore;
  audit: AuditLog;
  clock: Clock;
}

export type PathOverrideService = ReturnType<typeof makePathOverrideService>;

const AUDIT_ACTION: Record<PathOverrideInput['kind'], AuditAction> = { release: 'releaseSection', excuse: 'excuseSection', unlock: 'unlockModule', attempts: 'grantAttempts' };
/** What the audit trail says was taken back. */
const REMOVED_KIND: Record<PathOverrideInput['kind'], string> = {
  release: 'no longer released',
  excuse: 'no longer excused',
  unlock: 'no longer unlocked',
  attempts: 'extra attempts taken back',
};

export function makePathOverrideService({ classes, modules, checks, overrides, audit, clock }: PathOverrideServicePorts) {
  /** The class's teacher only, an enrolled student, a module assigned to the class: read at once. */
  async function requireTeacherOf(caller: Caller, classId: string, studentId: string, moduleId: string) {
    const [schoolClass, enrolment, module] = await Promise.all([
      requireWritableClass(classes, caller, classId, 'teacher'),
      classes.getEnrolment(classId, studentId),
      modules.getModule(moduleId),
    ]);
    if (!module || !schoolClass.assignedModuleIds.includes(moduleId)) throw notFound(NOT_ASSIGNED);
    if (!enrolment) throw notFound(STUDENT_NOT_ENROLLED);
    return { schoolClass, enrolment, module };
  }

  /**
   * The class's teacher adds an override for an enrolled student: the class, the student's enrolment and the module
   * are read at once, then one UpdateItem of the student's override item and the audit entry. Answers the student's
   * overrides in the class after the change.
   */
  async function add(caller: Caller, classId: string, studentId: string, input: PathOverrideInput): Promise<StudentOverrides> {
    const { schoolClass, enrolment, module } = await requireTeacherOf(caller, classId, studentId, input.moduleId);
    const section = input.sectionId === undefined ? undefined : module.sections.find((candidate) => candidate._id === input.sectionId);
    if (input.sectionId !== undefined && !section) {
      throw invalid('This section is not part of the module; reload the module and try again.', { sectionId: 'Choose a section of this module.' });
    }
    if (input.kind === 'attempts') await requireLimitedCheck(input.moduleId, input.sectionId!);
    const at = clock.now().toISOString();
    const key = { classId, moduleId: input.moduleId, studentId };
    await overrides.addOverride(key, {
      kind: input.kind,
      ...(section && { sectionId: section._id }),
      ...(input.extra !== undefined && { extra: input.extra }),
      reason: input.reason,
      at,
      teacherName: schoolClass.teacherName,
    });
    await audit.record({
      at,
      actorId: caller.userId,
      // Only the class's teacher gets here: the class item has their name.
      actor: schoolClass.teacherName,
      action: AUDIT_ACTION[input.kind],
      subject: `${enrolment.name} in ${schoolClass.className}`,
      subjectId: studentId,
      detail: `${module.title}${section ? ` › ${section.title}` : ''}: ${input.extra !== undefined ? `${input.extra} more attempt${input.extra === 1 ? '' : 's'}, ` : ''}${input.reason}`,
    });
    return list(caller, classId, studentId);
  }

  /** More attempts only make sense at a check that limits them. */
  async function requireLimitedCheck(moduleId: string, sectionId: string): Promise<void> {
    const check = await checks.getCheck(moduleId, sectionId);
    if (!check) throw invalid('This section has no check, so there are no attempts to grant.', { sectionId: 'Choose a section with a check.' });
    if (check.maxAttempts === null) throw invalid('This check allows unlimited attempts already.', { sectionId: 'Choose a check that limits attempts.' });
  }

  /**
   * A student's overrides in every module of the class, newest first, for the class's teacher or an admin (the
   * student drill-down): the class and the student's membership, then their override items by key (one BatchGet)
   * beside the modules' titles.
   */
  async function list(caller: Caller, classId: string, studentId: string): Promise<StudentOverrides> {
    const [schoolClass, enrolled] = await Promise.all([requireClass(classes, caller, classId, 'reader'), classes.isEnrolled(classId, studentId)]);
    if (!enrolled) throw notFound(STUDENT_NOT_ENROLLED);
    const [records, assigned] = await Promise.all([
      overrides.listOverridesOfStudent(classId, schoolClass.assignedModuleIds, studentId),
      modules.getModules(schoolClass.assignedModuleIds),
    ]);
    const moduleOf = new Map(assigned.map((module) => [module.moduleId, module]));
    const listed = records.flatMap((record) => {
      const module = moduleOf.get(record.moduleId);
      return module ? toOverrides(record, module) : [];
    });
    return { classId, studentId, overrides: listed.sort((a, b) => b.at.localeCompare(a.at)) };
  }

  /**
   * Every enrolled student's overrides in the class, newest first, for the class's teacher or an admin: the class, then
   * its override items (one Query), the roster and the modules' titles at once. A former student's are left out.
   */
  async function listForClass(caller: Caller, classId: string): Promise<ClassOverrides> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [records, roster, assigned] = await Promise.all([
      overrides.listOverridesOfClass(classId),
      classes.listAllStudents(classId),
      modules.getModules(schoolClass.assignedModuleIds),
    ]);
    const nameOf = new Map(roster.map((student) => [student.studentId, student.name]));
    const moduleOf = new Map(assigned.map((module) => [module.moduleId, module]));
    const listed = records.flatMap((record) => {
      const module = moduleOf.get(record.moduleId);
      const studentName = nameOf.get(record.studentId);
      if (!module || studentName === undefined) return [];
      return toOverrides(record, module).map((override) => ({ ...override, studentId: record.studentId, studentName }));
    });
    return { classId, overrides: listed.sort((a, b) => b.at.localeCompare(a.at)) };
  }

  /**
   * The class's teacher takes back one of a student's overrides: the class, the enrolment and the module at once, then
   * one conditional UpdateItem (two teachers' clicks remove it once) and the audit entry. Answers the student's
   * overrides after the change.
   */
  async function remove(caller: Caller, classId: string, studentId: string, target: PathOverrideTarget): Promise<StudentOverrides> {
    const { schoolClass, enrolment, module } = await requireTeacherOf(caller, classId, studentId, target.moduleId);
    const removed = await overrides.removeOverride({ classId, moduleId: target.moduleId, studentId }, { kind: target.kind, sectionId: target.sectionId });
    if (!removed) throw notFound('This override is no longer there (it may have been removed already); reload the student’s overrides.');
    const section = module.sections.find((candidate) => candidate._id === target.sectionId);
    await audit.record({
      at: clock.now().toISOString(),
      actorId: caller.userId,
      actor: schoolClass.teacherName,
      action: 'removeOverride',
      subject: `${enrolment.name} in ${schoolClass.className}`,
      subjectId: studentId,
      detail: `${module.title}${section ? ` › ${section.title}` : ''}: ${REMOVED_KIND[target.kind]}`,
    });
    return list(caller, classId, studentId);
  }

  return { add, list, listForClass, remove };
}

/** A removed section's override no longer applies and is not listed. */
function toOverrides(record: PathOverrideRecord, module: ModuleRecord): PathOverride[] {
  const titleOf = new Map(module.sections.map((section) => [section._id, section.title]));
  return record.overrides.flatMap(({ kind, sectionId, extra, reason, at, teacherName }) => {
    if (sectionId !== undefined && !titleOf.has(sectionId)) return [];
    return [
      {
        moduleId: module.moduleId,
        moduleTitle: module.title,
        kind,
        ...(sectionId !== undefined && { sectionId, sectionTitle: titleOf.get(sectionId)! }),
        ...(extra !== undefined && { extra }),
        reason,
        at,
        teacherName,
      },
    ];
  });
}
