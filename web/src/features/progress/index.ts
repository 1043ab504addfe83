// The progress feature's public surface for other features (they import nothing else of it): the class report (an
// admin's class page shows it too) and marking a section complete (the reader).
export { ClassReport } from './components/class-report';
export { useMarkSection } from './hooks/use-mark-section';
