// The search feature's public surface: the search box with its results, for the library and the reader.
export { FileSearch } from './components/file-search';
