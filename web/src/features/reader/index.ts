// The reader feature's public surface for other features (they import nothing else of it): links into the reader
// and the file facts every list of sections shows. The reader page and its viewers stay lazy chunks.
export { FileFacts, FileTypeIcon, fileTypeLabel } from './components/file-facts';
export { readerPath } from './reader-paths';
