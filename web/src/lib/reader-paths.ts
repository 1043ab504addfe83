/** Where a section's reader lives: a student's reads it within a class, a teacher previews it from the module. */
export function readerPath(moduleId: string, sectionId: string, classId?: string): string {
  return classId
    ? `/student/class/${classId}/module/${moduleId}/section/${sectionId}`
    : `/teacher-modules/${moduleId}/section/${sectionId}`;
}
