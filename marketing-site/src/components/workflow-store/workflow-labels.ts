import type { AnalysisType, DataSourceKind, InputKind } from '@dcipher/shared/domain';

/** The words the store uses for the catalogue's analysis types, data source kinds and input kinds. */
export const analysisTypeLabels: Record<AnalysisType, string> = {
  contentAnalysis: 'Content analysis',
  trendDetection: 'Trend detection',
  newsAnalysis: 'News analysis',
  narrativeAnalysis: 'Narrative analysis',
};

export const dataSourceKindLabels: Record<DataSourceKind, string> = {
  uploaded: 'Files you upload (csv, tsv, json, ndjson, jsonl, txt, xlsx, pdf, docx)',
  exported: 'Data exported from other tools',
  starter: 'The sample dataset it ships with',
  'public-url': 'Public web pages by URL',
  social: 'Social media posts',
  news: 'News and RSS feeds',
  'research-agent': 'Results of research agents',
};

export const inputKindLabels: Record<InputKind, string> = {
  select: 'A choice',
  text: 'Text',
  numeric: 'A number',
  slider: 'A number on a slider',
  boolean: 'Yes or no',
};

/**
 * "12,345": thousands separated by commas, decimals kept. Without Intl, whose first use loads the browser's locale
 * data (docs/decisions/0051).
 */
export function formatCount(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "120 credits per 1,000 documents". */
export function creditsPerThousandLabel(credits: number): string {
  return `${formatCount(credits)} credit${credits === 1 ? '' : 's'} per 1,000 documents`;
}
