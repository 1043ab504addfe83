// The progress feature's public surface for other features (they import nothing else of it).
export { CompletionBar, moduleState } from './components/completion-bar';
export { ClassReport } from './components/class-report';
export { ReportTable } from './components/report-table';
export { useMarkSection } from './hooks/use-mark-section';
export { csvFileName, toCsv } from './utils/csv';
export { downloadCsv } from './utils/download-csv';
