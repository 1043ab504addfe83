// The checks feature's public surface for other features (they import nothing else of it): the editor in the module's
// edit screen, the check under a section in the reader, the reports' item analysis and attempt history, each its own
// chunk, loaded when first shown. How scores read is shared web code (lib/score-text.ts).
export { CheckEditor, SectionCheck, CheckAnalysisView, AttemptHistory } from './components/lazy-components';
export type { CheckEditorHandle } from './components/check-editor';
