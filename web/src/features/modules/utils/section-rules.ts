// The checks a section passes on screen before its file is uploaded: the same shared schemas the API applies.
import { ALLOWED_FILE_TYPES_MESSAGE, sectionFileMediaType } from '@shared/content-type';
import { createUploadSchema } from '@shared/contract/uploads';
import { sectionTitleSchema } from '@shared/contract/modules';
import * as z from '@shared/zod';

/** Why this file cannot back a section (type, empty, too large), or undefined when it can. */
export function sectionFileError(file: File): string | undefined {
  // The upload schema also takes admins' OneRoster zips, which no section holds.
  if (!sectionFileMediaType(file.name, file.type)) return ALLOWED_FILE_TYPES_MESSAGE;
  const result = createUploadSchema.safeParse({ fileName: file.name, contentType: file.type, size: file.size });
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const sectionFormSchema = z.object({
  title: sectionTitleSchema,
  file: z.custom<File>((value) => value instanceof File, { error: 'Select a file.' }).check(
    z.superRefine((file, context) => {
      const message = sectionFileError(file);
      if (message) context.addIssue({ code: 'custom', message });
    }),
  ),
});
