import type { ContentType } from '@shared/content-type';
import type { SectionRole } from '@shared/paths';

/** A section on screen before it is saved with the module; existing sections keep their `_id`. */
export interface DraftSection {
  /** Stable React key: the `_id` of a stored section, or a local id for a new one. */
  key: string;
  _id?: string;
  title: string;
  contentUrl: string;
  originalFileName?: string;
  contentType: ContentType;
  /** Who the section is for on students' paths; absent means core. */
  role?: SectionRole;
}
