import type { ResultFile } from './analysis-executor.js';
import type {
  AnalysisResult,
  ContentAnalysisResult,
  DocumentSummary,
  EntityCount,
  GroupSummary,
  NarrativeAnalysisResult,
  NewsAnalysisResult,
  RankedTerm,
  TrendSummary,
  TrendTerm,
} from './analysis-results.js';
import { type CsvCell, spreadsheetCsv } from './spreadsheet-csv.js';

/**
 * A CSV file with a header row, written by the one CSV writer (`spreadsheetCsv`): a spreadsheet never runs a
 * document's text as a formula, whatever its locale's separator; a mention therefore reads `'@name` in the CSV (the
 * JSON has it as written).
 */
export function csvFile(name: string, columns: readonly string[], rows: readonly CsvCell[][]): ResultFile {
  return { name, mediaType: 'text/csv', content: spreadsheetCsv(rows, columns) };
}

export function jsonFile(name: string, value: unknown): ResultFile {
  return { name, mediaType: 'application/json', content: `${JSON.stringify(value, null, 2)}\n` };
}

const rankedTermRows = (terms: readonly RankedTerm[]) =>
  terms.map((term, index) => [index + 1, term.term, term.documents, term.occurrences]);
const rankedTermColumns = ['rank', 'term', 'documents', 'occurrences'];

const entityRows = (entities: readonly EntityCount[]) =>
  entities.map((entity) => [entity.type, entity.value, entity.documents, entity.occurrences]);

const documentColumns = [
  'id',
  'title',
  'source',
  'publishedAt',
  'url',
  'language',
  'tokens',
  'sentiment',
  'sentimentLabel',
  'keywords',
  'entities',
  'row',
  'text',
];
const documentRows = (documents: readonly DocumentSummary[]) =>
  documents.map((document) => [
    document.id,
    document.title,
    document.source,
    document.publishedAt,
    document.url,
    document.language,
    document.tokens,
    document.sentiment,
    document.sentimentLabel,
    document.keywords.join('; '),
    document.entities.map((entity) => `${entity.type}:${entity.value}`).join('; '),
    // Results stored before issue 34 have neither.
    document.row,
    document.text,
  ]);

const groupCells = (group: GroupSummary) => [
  group.documents,
  group.sentiment.average,
  group.sentiment.positive,
  group.sentiment.negative,
  group.sentiment.neutral,
  group.topTerms.map((term) => term.term).join('; '),
];
const groupColumns = ['documents', 'sentiment', 'positive', 'negative', 'neutral', 'topTerms'];

function trendFiles(prefix: string, trend: TrendSummary): ResultFile[] {
  const listed = new Map(
    [...trend.terms, ...trend.rising, ...trend.falling].map((term) => [term.term, term] as const),
  );
  // Rising or falling only when the change is significant (decision 0097); steady otherwise.
  const direction = (term: TrendTerm) =>
    term.momentum === null
      ? ''
      : term.significant === false || term.momentum === 0
        ? 'steady'
        : term.momentum > 0
          ? 'rising'
          : 'falling';
  return [
    csvFile(
      `${prefix}-terms.csv`,
      [
        'rank',
        'term',
        'documents',
        'volume',
        'recentVolume',
        'baselineVolume',
        'recentShare',
        'baselineShare',
        'momentum',
        'direction',
        'g2',
        'pValue',
        'qValue',
      ],
      trend.terms.map((term, index) => [
        index + 1,
        term.term,
        term.documents,
        term.volume,
        term.recentVolume,
        term.baselineVolume,
        term.recentShare,
        term.baselineShare,
        term.momentum,
        direction(term),
        term.g2 ?? '',
        term.pValue ?? '',
        term.qValue ?? '',
      ]),
    ),
    csvFile(
      `${prefix}-series.csv`,
      ['period', 'term', 'volume'],
      [...listed.values()].flatMap((term) =>
        term.series.map((point) => [point.period, term.term, point.volume]),
      ),
    ),
  ];
}

function contentFiles(result: ContentAnalysisResult): ResultFile[] {
  return [
    jsonFile('content-analysis.json', result),
    csvFile('content-keywords.csv', rankedTermColumns, rankedTermRows(result.keywords)),
    csvFile('content-key-phrases.csv', rankedTermColumns, rankedTermRows(result.keyPhrases)),
    csvFile(
      'content-entities.csv',
      ['type', 'value', 'documents', 'occurrences'],
      entityRows(result.entities),
    ),
    csvFile('content-documents.csv', documentColumns, documentRows(result.documentSummaries)),
  ];
}

function newsFiles(result: NewsAnalysisResult): ResultFile[] {
  return [
    jsonFile('news-analysis.json', result),
    csvFile('news-keywords.csv', rankedTermColumns, rankedTermRows(result.keywords)),
    csvFile('news-key-phrases.csv', rankedTermColumns, rankedTermRows(result.keyPhrases)),
    csvFile(
      'news-by-source.csv',
      ['source', 'firstPublished', 'lastPublished', ...groupColumns],
      result.sources.map((source) => [
        source.source,
        source.firstPublished,
        source.lastPublished,
        ...groupCells(source),
      ]),
    ),
    csvFile(
      'news-by-day.csv',
      ['day', ...groupColumns],
      result.days.map((day) => [day.day, ...groupCells(day)]),
    ),
    csvFile(
      'news-by-source-day.csv',
      ['source', 'day', ...groupColumns],
      result.sourceDays.map((group) => [group.source, group.day, ...groupCells(group)]),
    ),
    ...trendFiles('news-trend', result.trend),
    csvFile('news-articles.csv', documentColumns, documentRows(result.articles)),
  ];
}

function narrativeFiles(
  result: NarrativeAnalysisResult,
  textOfRow: ReadonlyMap<number, string>,
): ResultFile[] {
  return [
    jsonFile('narrative-analysis.json', result),
    csvFile('narrative-keywords.csv', rankedTermColumns, rankedTermRows(result.keywords)),
    csvFile(
      'narrative-terms.csv',
      ['narrative', 'label', 'term', 'weight', 'documents', 'narrativeDocuments'],
      result.narratives.flatMap((narrative) =>
        narrative.terms.map((term) => [
          narrative.id,
          narrative.label,
          term.term,
          term.weight,
          term.documents,
          term.narrativeDocuments,
        ]),
      ),
    ),
    csvFile(
      'narratives.csv',
      ['narrative', 'label', 'documents', 'share', 'sentiment', 'positive', 'negative', 'neutral', 'terms'],
      result.narratives.map((narrative) => [
        narrative.id,
        narrative.label,
        narrative.size,
        narrative.share,
        narrative.sentiment.average,
        narrative.sentiment.positive,
        narrative.sentiment.negative,
        narrative.sentiment.neutral,
        narrative.terms.map((term) => term.term).join('; '),
      ]),
    ),
    csvFile(
      'narrative-documents.csv',
      ['narrative', 'label', 'id', 'title', 'similarity', 'sentiment', 'excerpt', 'row', 'text'],
      [
        ...result.narratives.flatMap((narrative) =>
          narrative.documents.map((document) => [
            narrative.id,
            narrative.label,
            document.id,
            document.title,
            document.similarity,
            document.sentiment,
            document.excerpt,
            document.row,
            textOfRow.get(document.row),
          ]),
        ),
        ...result.unassigned.map((id) => ['', 'unassigned', id, '', '', '', '', '', '']),
      ],
    ),
  ];
}

function filesOf(result: AnalysisResult, textOfRow: ReadonlyMap<number, string>): ResultFile[] {
  switch (result.analysisType) {
    case 'contentAnalysis':
      return contentFiles(result);
    case 'trendDetection':
      return [
        jsonFile('trend-detection.json', result),
        csvFile('trend-keywords.csv', rankedTermColumns, rankedTermRows(result.keywords)),
        ...trendFiles('trend', result),
      ];
    case 'newsAnalysis':
      return newsFiles(result);
    case 'narrativeAnalysis':
      return narrativeFiles(result, textOfRow);
  }
}

/**
 * The files of a result: its whole JSON, CSV tables of its parts, and the documents left out with their row and
 * reason (`empty`, `language`, `articleLimit`, `unreadable`) and, for `language`, the language it was found in.
 */
export function resultFiles(
  result: AnalysisResult,
  /** The analysed texts by row, for the per-document files whose result holds only an excerpt. */
  textOfRow: ReadonlyMap<number, string> = new Map(),
): ResultFile[] {
  return [
    ...filesOf(result, textOfRow),
    csvFile(
      'left-out-documents.csv',
      ['row', 'id', 'reason', 'language'],
      result.leftOut.map((document) => [document.row, document.id, document.reason, document.language ?? '']),
    ),
  ];
}
