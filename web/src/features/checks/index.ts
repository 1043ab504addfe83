// The checks feature's public surface for other features (they import nothing else of it): the editor in the module's
// edit screen, the check under a section in the reader, the reports' item analysis and attempt history (each its own
// chunk, loaded when first shown), and how scores read (small, loaded with the pages that show scores).
export { CheckEditor, SectionCheck, CheckAnalysisView, AttemptHistory } from './components/lazy-components';
export { averageScore, moduleScoreText, ownAverageScore } from './components/score-text';
