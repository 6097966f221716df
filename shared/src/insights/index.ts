/**
 * The one view of a run's result (issue 34 point 7, docs/decisions/0105), drawn with visx: the remote renders it in
 * the browser, the site's store pages on the server. Not a federated singleton: it holds no state, and each side
 * bundles it into the chunk that shows a result.
 */
export { ChartCard, type HeadingLevel } from './chart-card.js';
export {
  BarChart,
  ColumnChart,
  chartColors,
  type Datum,
  fitLabel,
  labelledIndexes,
  type Series,
  SmallMultiples,
  shortPeriod,
} from './charts.js';
export {
  type DocumentPeriodUnit,
  type DocumentSelector,
  leftOutReasonWords,
  selectorWords,
} from './documents.js';
export { downloadCsv, downloadPng, downloadSvg, saveFile, standaloneSvg } from './export.js';
export { FigureTable } from './figure-table.js';
export {
  cellText,
  csvOf,
  type FigureCell,
  type FigureColumn,
  type FigureData,
  fileNameOf,
  formatCount,
  formatShare,
  formatSigned,
} from './figures.js';
export { headlineFinding } from './headline.js';
export {
  analysisTypeWords,
  RunInsightsView,
  type RunInsightsViewProps,
} from './insights-view.js';
