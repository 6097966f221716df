// The analytics engine's door: what the rest of the API (the flows module, the jobs that run flows) imports.
// The engine imports nothing of the API, so a production engine can replace it behind `AnalysisExecutor`.
export {
  AnalysisAbortedError,
  type AnalysisDocument,
  type AnalysisExecutor,
  type AnalysisOutcome,
  type AnalysisProgress,
  type AnalysisRequest,
  AnalysisRequestError,
  type AnalysisRunOptions,
  type IndexedDocument,
  type ResultFile,
} from './analysis-executor.js';
export type * from './analysis-results.js';
export { trendNoteCodes } from './analysis-results.js';
export {
  type AnalysisType,
  analysisTypes,
  automaticPeriod,
  type CreativityLevel,
  creativityLevels,
  type TrendMetric,
  type TrendPeriod,
  type TrendPeriodChoice,
  trendMetrics,
  trendPeriods,
} from './analysis-vocabulary.js';
export { analysedText } from './corpus.js';
export { createDefaultExecutor, type DefaultExecutorOptions } from './default-executor.js';
export {
  type DocumentFile,
  DocumentFileError,
  type DocumentFileErrorCode,
  type DocumentFileFormat,
  type DocumentFileOptions,
  documentFileFormats,
  type ParsedDocumentFile,
  parseDocumentFile,
} from './document-files.js';
export { defaultUnpackLimits, type UnpackLimits } from './file-limits.js';
export { type HtmlTextOptions, htmlToText } from './html-text.js';
export { type CsvCell, defuseFormulas, spreadsheetCsv } from './spreadsheet-csv.js';
export { createWorkerExecutor } from './worker-executor.js';
export {
  runWorkerTask,
  serveWorkerTask,
  WorkerLimitError,
  WorkerTaskError,
  type WorkerTaskFailure,
  type WorkerTaskLimits,
  workerModule,
} from './worker-task.js';
