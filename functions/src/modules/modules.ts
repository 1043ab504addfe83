// Use cases for modules: a teacher's ordered learning path of sections, each backed by an uploaded file.
import { UPLOAD_LIMITS } from '@shared/constants';
import { contentTypeFromMediaType } from '@shared/content-type';
import type { Module, ModuleUsage, CreateModuleInput, SectionInput, UpdateModuleInput } from '@shared/contract/modules';
import { DEFAULT_SECTION_ROLE, fitBands } from '@shared/paths';
import { isStudent, type Caller } from '../kernel/caller';
import { conflict, invalid, notFound } from '../kernel/errors';
import { storedFileMismatch } from '../uploads/file-content';
import type { CheckStore } from '../checks/port';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Clock, IdGenerator, Log } from '../kernel/ports';
import type { PathOverrideRecord, PathOverrideStore } from '../paths/port';
import type { ProgressStore, ProgressWithStandings } from '../progress/port';
import type { FileLinks, FileStore } from '../uploads/port';
import type { FileReferenceStore, ModuleRecord, ModuleStore } from './port';
import { pathOfStudent } from '../paths/paths';
import { makePrerequisiteGate } from '../paths/prerequisites';
import { ownsStorageKey } from '../uploads/uploads';

type StoredSection = ModuleRecord['sections'][number];

/** Where a student reads a module: the class, and their progress item in the module there (absent before any). */
interface StudentReading {
  schoolClass: ClassRecord;
  progress: ProgressWithStandings | undefined;
  overrides: PathOverrideRecord | undefined;
}

export const MODULE_NOT_FOUND = 'Module not found.';
const CHANGED_ELSEWHERE =
  'This module was changed somewhere else since you opened it. Reload it and apply your changes again.';

export interface ModuleServicePorts {
  modules: ModuleStore;
  classes: ClassStore;
  progress: ProgressStore;
  /** A student's overrides in the module, read by key beside their progress item. */
  overrides: PathOverrideStore;
  /** A section's check goes with it: read with the module, deleted with the section or the module. */
  checks: CheckStore;
  files: FileStore;
  /** Signs the links a reader opens files with. */
  links: FileLinks;
  fileReferences: FileReferenceStore;
  clock: Clock;
  ids: IdGenerator;
  log: Log;
}

/** Reading a teacher's own modules needs nothing but the module store (no file storage). */
export type ModuleLibrary = ReturnType<typeof makeModuleLibrary>;

export function makeModuleLibrary({ modules }: Pick<ModuleServicePorts, 'modules'>) {
  return {
    /** The caller's own modules, most recently updated first. */
    async list(caller: Caller): Promise<Module[]> {
      const records = await modules.listModulesByOwner(caller.userId);
      return records.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map(toModule);
    },
  };
}

export type ModuleService = ReturnType<typeof makeModuleService>;

export function makeModuleService({ modules, classes, progress, overrides, checks, files, links, fileReferences, clock, ids, log }: ModuleServicePorts) {
  const gatedPath = makePrerequisiteGate({ modules, checks, progress, overrides });
  /**
   * Creates a module, once: a client-chosen `_id` that is already the caller's module answers that module
   * (`created: false`) instead of making a copy, so a repeated or concurrent submit of one draft stores one module.
   */
  async function create(caller: Caller, input: CreateModuleInput): Promise<{ module: Module; created: boolean }> {
    const moduleId = input._id ?? ids.newId();
    const [existing, source] = await Promise.all([
      input._id === undefined ? undefined : modules.getModule(moduleId),
      input.copyChecksFrom === undefined ? undefined : requireOwnModule(modules, caller, input.copyChecksFrom),
    ]);
    // A repeat of a duplicate copies the checks again too, finishing a first request that stored only the module.
    const { record, created } = existing ? { record: requireSameOwner(caller, existing), created: false } : await insert(caller, moduleId, input);
    if (source) await copyChecks(source, record);
    return { module: toModule(record), created };
  }

  /**
   * Gives each section of the copy the check of the source's section in the same position, as a fresh check (version
   * 1, no attempts). Only where the copy's section has none yet, so a repeat neither duplicates nor overwrites.
   */
  async function copyChecks(source: ModuleRecord, copy: ModuleRecord): Promise<void> {
    const sourceSections = [...source.sections].sort((a, b) => a.order - b.order);
    const copySections = [...copy.sections].sort((a, b) => a.order - b.order);
    const updatedAt = clock.now().toISOString();
    // A band's sections are named by id: the copy's sections in the same positions take their place.
    const copyIdOf = new Map(sourceSections.slice(0, copySections.length).map((section, index) => [section._id, copySections[index]!._id]));
    const inCopy = (ids: string[]) => ids.flatMap((id) => (copyIdOf.has(id) ? [copyIdOf.get(id)!] : []));
    await Promise.all(
      sourceSections.slice(0, copySections.length).map(async (section, index) => {
        const check = await checks.getCheck(source.moduleId, section._id);
        if (!check) return;
        const { passMark, maxAttempts, showCorrectness, showAnswers, questions } = check;
        const sectionId = copySections[index]!._id;
        const bands = check.bands?.map(({ skip, ...band }) => ({ ...band, release: inCopy(band.release), ...(skip && { skip: inCopy(skip) }) }));
        const record = { moduleId: copy.moduleId, sectionId, passMark, maxAttempts, showCorrectness, showAnswers, questions, ...(bands && { bands }), version: 1, attemptCount: 0, updatedAt };
        await checks.saveCheck(record, undefined);
      }),
    );
  }

  async function insert(caller: Caller, moduleId: string, input: CreateModuleInput): Promise<{ record: ModuleRecord; created: boolean }> {
    const now = clock.now().toISOString();
    const { sections, addedKeys } = await resolveSections(caller, moduleId, input.sections, []);
    const record: ModuleRecord = {
      moduleId,
      ownerId: caller.userId,
      title: input.title,
      description: input.description,
      sections,
      sequential: input.sequential ?? false,
      createdAt: now,
      updatedAt: now,
    };
    if (await modules.insertModule(record)) return { record, created: true };
    // Keeps the references the stored module (a concurrent submit of the same draft) uses.
    await withdrawUnused(moduleId, addedKeys);
    if (input._id === undefined) throw new Error(`The generated module id ${moduleId} is already taken.`);
    // A concurrent submit of the same draft stored it first.
    const winner = await modules.getModule(moduleId);
    if (!winner) throw conflict('This module was deleted while it was being saved. Save it again to create it anew.');
    return { record: requireSameOwner(caller, winner), created: false };
  }

  /**
   * A module with signed download links, for its owner or a student of a class it is assigned to. For a student, each
   * section's state on their path in that class (with why), and no link to a section locked to them. The student's
   * class and their progress item in it (completions and check standings) are read beside the module and its check
   * index: one round trip when they say which class they read it in, two without.
   */
  async function get(caller: Caller, moduleId: string, classId?: string): Promise<Module> {
    const [record, reading, summaries] = await Promise.all([
      modules.getModule(moduleId),
      isStudent(caller) ? studentReading(caller.userId, moduleId, classId) : undefined,
      checks.listCheckSummaries([moduleId]),
    ]);
    if (!record || !canView(caller, record, reading?.schoolClass)) throw notFound(MODULE_NOT_FOUND);
    const sectionIds = new Set(record.sections.map((section) => section._id));
    const sectionChecks = (summaries.get(moduleId) ?? []).filter((summary) => sectionIds.has(summary.sectionId));
    const path =
      record.ownerId !== caller.userId && reading
        ? await gatedPath(reading.schoolClass, moduleId, caller.userId, reading.overrides, pathOfStudent(record, sectionChecks, reading.progress, undefined, reading.overrides))
        : undefined;
    const onPath = new Map(path?.sections.map((section) => [section.sectionId, section]));
    const module = toModule(record);
    const sections = await Promise.all(
      module.sections.map(async (section) => {
        const step = onPath.get(section._id);
        const lastPage = path && reading?.progress?.reading?.[section._id]?.page;
        const pathFields = step ? { state: step.state, ...(step.reason !== undefined && { reason: step.reason }), ...(lastPage && { lastPage }) } : {};
        // A locked section's file is not signed: hiding it in the browser would not be enough.
        if (step && !step.accessible) return { ...section, ...pathFields };
        return { ...section, ...pathFields, downloadUrl: await links.link(section.contentUrl, section.originalFileName, section.contentType === 'PDF' ? 'application/pdf' : undefined) };
      }),
    );
    return { ...module, sections, ...(sectionChecks.length > 0 && { checks: sectionChecks }) };
  }

  async function update(caller: Caller, moduleId: string, input: UpdateModuleInput): Promise<Module> {
    const current = await requireOwnModule(modules, caller, moduleId);
    const expectedUpdatedAt = input.updatedAt ?? current.updatedAt;
    if (expectedUpdatedAt !== current.updatedAt) throw conflict(CHANGED_ELSEWHERE);
    const { sections, addedKeys } = await resolveSections(caller, moduleId, input.sections, current.sections);
    const record: ModuleRecord = {
      ...current,
      title: input.title,
      description: input.description,
      sections,
      sequential: input.sequential ?? current.sequential ?? false,
      updatedAt: laterThan(clock.now(), current.updatedAt),
    };
    if (!(await modules.replaceModule(record, expectedUpdatedAt))) {
      await withdrawUnused(moduleId, addedKeys);
      throw conflict(CHANGED_ELSEWHERE);
    }
    await releaseFiles(current, record.sections);
    // A removed section takes its check and the attempts on it along (a section's id never comes back).
    const kept = new Set(record.sections.map((section) => section._id));
    await checks.deleteChecks(moduleId, current.sections.map((section) => section._id).filter((sectionId) => !kept.has(sectionId)));
    await fitChecksToSections(record);
    return toModule(record);
  }

  /**
   * New roles, a new order or a removed section can leave a check's band naming a section it may no longer release or
   * skip: the band lets go of it (the edit screen says so before saving), so every check stays savable as it is. Each
   * rewrite keeps the check's version and is conditional on the check being as read; one saved meanwhile is read again.
   */
  async function fitChecksToSections(module: ModuleRecord): Promise<void> {
    const sections = [...module.sections].sort((a, b) => a.order - b.order);
    const misfits = ((await checks.listCheckSummaries([module.moduleId])).get(module.moduleId) ?? []).filter(
      ({ sectionId, bands }) => bands && fitBands(bands, { sections, sectionId }).dropped.length > 0,
    );
    await Promise.all(
      misfits.map(async ({ sectionId }) => {
        for (let tries = 0; tries < 3; tries += 1) {
          const check = await checks.getCheck(module.moduleId, sectionId);
          const fitted = check?.bands && fitBands(check.bands, { sections, sectionId });
          if (!check || !fitted || fitted.dropped.length === 0) return;
          const { version, attemptCount, updatedAt } = check;
          const record = { ...check, bands: fitted.bands, updatedAt: laterThan(clock.now(), updatedAt) };
          if (await checks.saveCheck(record, { version, attemptCount, updatedAt })) return;
        }
        log.warn('A check kept bands naming sections it may no longer release or skip (it kept changing)', { moduleId: module.moduleId, sectionId });
      }),
    );
  }

  /**
   * What deleting the caller's module would take away: the classes it is assigned to, the students with progress in it
   * there (an item exists only with a completion, a score or reading), the attempts on its checks' current versions,
   * the teachers' overrides of students' paths in it and the prerequisites naming it in those classes.
   */
  async function usage(caller: Caller, moduleId: string): Promise<ModuleUsage> {
    const record = await requireOwnModule(modules, caller, moduleId);
    const [holding, summaries] = await Promise.all([classesHolding(caller, moduleId), checks.listCheckSummaries([moduleId])]);
    const [progressItems, checkRecords, overrideItems] = await Promise.all([
      Promise.all(holding.map(({ classId }) => progress.listProgressOfClass(classId, moduleId))),
      Promise.all((summaries.get(moduleId) ?? []).map(({ sectionId }) => checks.getCheck(moduleId, sectionId))),
      Promise.all(holding.map(({ classId }) => overrides.listOverridesOfClass(classId, moduleId))),
    ]);
    const sectionIds = new Set(record.sections.map((section) => section._id));
    // A prerequisite goes with the module whichever side it is on: waited for, or waiting.
    const prerequisites = holding.reduce(
      (sum, { prerequisites: links = {} }) => sum + Object.entries(links).filter(([waiting, waitedFor]) => waiting === moduleId || waitedFor === moduleId).length,
      0,
    );
    return {
      classes: holding.map(({ classId, className }) => ({ classId, className })).sort((a, b) => a.className.localeCompare(b.className)),
      studentsWithProgress: new Set(progressItems.flat().map((item) => item.studentId)).size,
      checkAttempts: checkRecords.reduce((sum, check) => sum + (check && sectionIds.has(check.sectionId) ? check.attemptCount : 0), 0),
      overrides: overrideItems.flat().reduce((sum, item) => sum + item.overrides.length, 0),
      prerequisites,
    };
  }

  /** The owner's read of the module with its usage (the delete dialog's facts). */
  async function getWithUsage(caller: Caller, moduleId: string): Promise<Module> {
    const [module, found] = await Promise.all([get(caller, moduleId), usage(caller, moduleId)]);
    return { ...module, usage: found };
  }

  /** The caller's classes the module is assigned to; only its owner can have assigned it. */
  async function classesHolding(caller: Caller, moduleId: string) {
    return (await classes.listClassesByTeacher(caller.userId)).filter((record) => record.assignedModuleIds.includes(moduleId));
  }

  /** Deletes a module, then takes it out of its classes, with the progress on it and its files. */
  async function remove(caller: Caller, moduleId: string): Promise<void> {
    const deleted = await modules.deleteOwnedModule(moduleId, caller.userId);
    // Runs even when the module is already gone, so repeating a delete finishes a clean-up that failed part-way.
    await detachFromClasses(caller, moduleId);
    if (!deleted) throw notFound(MODULE_NOT_FOUND);
    await checks.deleteChecks(moduleId, deleted.sections.map((section) => section._id));
    await releaseFiles(deleted, []);
  }

  /** Takes a module out of the caller's classes with the progress on it; only its owner can have assigned it. */
  async function detachFromClasses(caller: Caller, moduleId: string): Promise<void> {
    await Promise.all(
      (await classesHolding(caller, moduleId)).map(async ({ classId }) => {
        await classes.removeAssignedModule(classId, moduleId);
        await progress.deleteProgressOfModule(classId, moduleId);
      }),
    );
  }

  /**
   * The class a student reads a module in and their progress item there: the one they name (if enrolled), else the
   * first (by id) of theirs that has the module, its item read beside the class items.
   */
  async function studentReading(studentId: string, moduleId: string, classId: string | undefined): Promise<StudentReading | undefined> {
    if (classId !== undefined) {
      const key = { classId, moduleId, studentId };
      const [schoolClass, progressRecord, overrideRecord] = await Promise.all([
        classes.getClassOfStudent(classId, studentId),
        progress.getProgress(key),
        overrides.getOverrides(key),
      ]);
      return schoolClass && { schoolClass, progress: progressRecord, overrides: overrideRecord };
    }
    // A membership is the enrolment (written last, removed first); class items are small whatever the class size.
    const classIds = (await classes.listClassIdsOfStudent(studentId)).sort();
    if (classIds.length === 0) return undefined;
    const [held, items, overrideItems] = await Promise.all([
      classes.getClasses(classIds),
      Promise.all(classIds.map((id) => progress.getProgress({ classId: id, moduleId, studentId }))),
      Promise.all(classIds.map((id) => overrides.getOverrides({ classId: id, moduleId, studentId }))),
    ]);
    const schoolClass = held.filter((candidate) => candidate.assignedModuleIds.includes(moduleId)).sort((a, b) => a.classId.localeCompare(b.classId))[0];
    if (!schoolClass) return undefined;
    const index = classIds.indexOf(schoolClass.classId);
    return { schoolClass, progress: items[index], overrides: overrideItems[index] };
  }

  function canView(caller: Caller, record: ModuleRecord, schoolClass: ClassRecord | undefined): boolean {
    if (record.ownerId === caller.userId) return true;
    return isStudent(caller) && schoolClass !== undefined && schoolClass.assignedModuleIds.includes(record.moduleId);
  }

  /**
   * Turns submitted sections into stored ones: kept sections keep their id (progress survives edits), new files must
   * be the caller's own uploads and exist; order follows the list; content type comes from the stored file. Files new
   * to the module are referenced before their existence is checked (and before the module is written), so they cannot
   * be deleted in between; the caller withdraws `addedKeys` if the module is not written after all.
   */
  async function resolveSections(
    caller: Caller,
    moduleId: string,
    inputs: SectionInput[],
    existing: StoredSection[],
  ): Promise<{ sections: StoredSection[]; addedKeys: string[] }> {
    const existingById = new Map(existing.map((section) => [section._id, section]));
    const seen = new Set<string>();
    const planned = inputs.map((input, index) => {
      const label = `Section ${index + 1} ("${input.title}")`;
      const kept = input._id === undefined ? undefined : existingById.get(input._id);
      if (input._id !== undefined && !kept) throw invalid(`${label} is not part of this module; leave out its _id to add it as new.`);
      if (input._id !== undefined) {
        if (seen.has(input._id)) throw invalid(`${label} appears twice.`);
        seen.add(input._id);
      }
      const base = { _id: kept?._id ?? ids.newId(), title: input.title, order: index + 1, role: input.role ?? kept?.role ?? DEFAULT_SECTION_ROLE };
      const keepsFile = kept !== undefined && kept.contentUrl === input.contentUrl;
      if (!keepsFile && !ownsStorageKey(caller, input.contentUrl)) {
        throw invalid(`${label}: contentUrl must be a file you uploaded; upload the file and use the contentUrl you got back.`);
      }
      return { input, label, kept: keepsFile ? kept : undefined, base };
    });

    const usedBefore = new Set(existing.map((section) => section.contentUrl));
    const addedKeys = [...new Set(planned.filter((plan) => !plan.kept).map((plan) => plan.input.contentUrl))].filter(
      (key) => !usedBefore.has(key),
    );
    const refused = new Set(await fileReferences.addReferences(moduleId, addedKeys));
    try {
      const sections = await Promise.all(
        planned.map(async ({ input, label, kept, base }): Promise<StoredSection> => {
          if (kept) {
            return {
              ...base,
              contentType: kept.contentType,
              contentUrl: kept.contentUrl,
              originalFileName: input.originalFileName ?? kept.originalFileName,
              ...(kept.size === undefined ? {} : { size: kept.size }),
            };
          }
          const file = refused.has(input.contentUrl) ? undefined : await files.describeFile(input.contentUrl);
          if (!file) throw invalid(`${label}: the uploaded file was not found; upload it again.`);
          if (file.size > UPLOAD_LIMITS.maxFileBytes) {
            throw invalid(`${label}: the file is larger than the 5 GB limit; split it or compress it.`);
          }
          // Checked here too, as a single upload's completion call is the client's to make.
          const mismatch = await storedFileMismatch(files, input.contentUrl, file.mediaType);
          if (mismatch) throw invalid(`${label}: the file was refused: ${mismatch}.`);
          return {
            ...base,
            contentType: contentTypeFromMediaType(file.mediaType),
            contentUrl: input.contentUrl,
            originalFileName: input.originalFileName ?? fileNameOf(input.contentUrl),
            // Kept at save time (the HEAD above already tells it), so a module read needs no request per file.
            size: file.size,
          };
        }),
      );
      return { sections, addedKeys };
    } catch (error) {
      await withdrawUnused(moduleId, addedKeys.filter((key) => !refused.has(key)));
      throw error;
    }
  }

  /**
   * Takes back references added for a write that did not happen, except those the stored module uses: another request
   * for the same module may have written them meanwhile (its write is why ours failed).
   */
  async function withdrawUnused(moduleId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const stored = await modules.getModule(moduleId);
    const usedNow = new Set(stored?.sections.map((section) => section.contentUrl));
    await fileReferences.withdrawReferences(moduleId, keys.filter((key) => !usedNow.has(key)));
  }

  /**
   * After a module was written without some files (or deleted), releases its references to them and deletes each file
   * no module refers to any more. Clean-up never fails the request that triggered it: the data change already happened.
   */
  async function releaseFiles(before: ModuleRecord, sectionsNow: StoredSection[]): Promise<void> {
    const keptHere = new Set(sectionsNow.map((section) => section.contentUrl));
    const dropped = [...new Set(before.sections.map((section) => section.contentUrl))].filter((key) => !keptHere.has(key));
    await Promise.all(
      dropped.map(async (key) => {
        try {
          if (!(await fileReferences.releaseReference(before.moduleId, key))) return;
          await files.deleteFiles([key]);
          await fileReferences.forgetFile(key);
        } catch (error) {
          log.warn('Could not delete a file no module uses; it is orphaned', { key, error: error as Error });
        }
      }),
    );
  }

  return { create, get, getWithUsage, update, delete: remove };
}

/** A client-chosen id taken by someone else's module: refused without saying anything about that module. */
function requireSameOwner(caller: Caller, record: ModuleRecord): ModuleRecord {
  if (record.ownerId !== caller.userId) throw conflict('This module id is already in use; start a new module.');
  return record;
}

/** A module the caller owns; anyone else's is reported as missing, to not reveal it exists. */
export async function requireOwnModule(modules: ModuleStore, caller: Caller, moduleId: string): Promise<ModuleRecord> {
  const record = await modules.getModule(moduleId);
  if (!record || record.ownerId !== caller.userId) throw notFound(MODULE_NOT_FOUND);
  return record;
}

/** Modules and sections saved before paths read as any order, every section core. */
export function toModule(record: ModuleRecord): Module {
  const { moduleId, title, description, sections, sequential, createdAt, updatedAt } = record;
  return {
    _id: moduleId,
    title,
    description,
    sections: sections.map((section) => ({ ...section, role: section.role ?? DEFAULT_SECTION_ROLE })),
    sequential: sequential ?? false,
    createdAt,
    updatedAt,
  };
}

/**
 * The best fallback for a display name: the stored name, `protected/{sub}/{upload id}/{name}`, or in keys made before
 * uploads had an id of their own, `protected/{sub}/{timestamp}-{name}`.
 */
function fileNameOf(key: string): string {
  const segments = key.split('/');
  const name = segments[segments.length - 1];
  return segments.length > 3 ? name : name.replace(/^\d+-/, '');
}

/** A new timestamp strictly after the previous one, so the version check can never see the same value twice. */
function laterThan(now: Date, previous: string): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}

