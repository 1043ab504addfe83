// The reader feature's public surface for other features (they import nothing else of it): links into the reader
// and the file facts every list of sections shows, and where a section stands on a student's path. The reader page
// and its viewers stay lazy chunks.
export { FileFacts, FileTypeIcon, fileTypeLabel } from './components/file-facts';
export { readerPath } from './reader-paths';
export { EXCUSED_CHECK, PathReason, PathTag } from './components/path-note';
export { isOpenable, isRequired } from './utils/section-path';
