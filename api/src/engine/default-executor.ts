import type {
  AnalysisExecutor,
  AnalysisOutcome,
  AnalysisProgress,
  AnalysisRequest,
  AnalysisRunOptions,
  IndexedDocument,
} from './analysis-executor.js';
import type { AnalysisResult } from './analysis-results.js';
import { analyseContent } from './content-analysis.js';
import { throwIfAborted } from './cooperative-loop.js';
import { type Corpus, readCorpus, validateRequest } from './corpus.js';
import { corpusKeywords, rounded, termsOfDocuments } from './corpus-statistics.js';
import { groupNarratives } from './narrative-clustering.js';
import { analyseNews } from './news-analysis.js';
import { resultFiles } from './result-files.js';
import { sentimentLabel, type TextAnnotation } from './text-annotator.js';
import { detectTrends } from './trend-detection.js';
import { withTrendSentiment } from './trend-sentiment.js';

/** Reading the documents is most of the work; the analyses and the files share the rest. */
const readingShare = 0.85;
const analysingShare = 0.1;

export interface DefaultExecutorOptions {
  /** How a document's text is read: wink-nlp's pipeline unless another is given (tests give one that fails). */
  annotate?: (text: string) => TextAnnotation;
  /** Threads to start beside the run's own to read a large set (reading-pool.ts); none unless given. */
  parallelReaders?: number;
}

/** Every document handed in, in row order, with what the result files it under (decision 0104). */
function indexDocuments(
  corpus: Corpus,
  result: AnalysisResult,
  { languageKnown }: { languageKnown: boolean },
): IndexedDocument[] {
  const narrativeOfRow = new Map<number, number>();
  if (result.analysisType === 'narrativeAnalysis') {
    for (const narrative of result.narratives)
      for (const document of narrative.documents) narrativeOfRow.set(document.row, narrative.id);
  }
  const termsOf = termsOfDocuments(corpus.documents);
  const analysed: IndexedDocument[] = corpus.documents.map((document, position) => ({
    row: document.row,
    id: document.id,
    ...((languageKnown || document.document.language) && { language: document.language }),
    sentiment: rounded(document.annotation.sentiment),
    sentimentLabel: sentimentLabel(document.annotation.sentiment),
    ...(document.publishedAt && { publishedAt: document.publishedAt.toISOString() }),
    terms: termsOf[position]!,
    ...(result.analysisType === 'narrativeAnalysis' && {
      narrative: narrativeOfRow.get(document.row) ?? null,
    }),
  }));
  const leftOut: IndexedDocument[] = corpus.leftOut.map((document) => ({
    row: document.row,
    id: document.id,
    leftOut: document.reason,
  }));
  return [...analysed, ...leftOut].sort((a, b) => a.row - b.row);
}

/**
 * The default analytics engine: offline, on this machine, with wink-nlp and its English lite model (decision 0070
 * says what it computes and what it does not).
 */
export function createDefaultExecutor(executorOptions: DefaultExecutorOptions = {}): AnalysisExecutor {
  const name = 'default';
  return {
    name,
    async execute(request: AnalysisRequest, options: AnalysisRunOptions = {}): Promise<AnalysisOutcome> {
      validateRequest(request);
      const { signal } = options;
      let reported = -1;
      let reportedStage: AnalysisProgress['stage'] | undefined;
      const report = (fraction: number, stage: AnalysisProgress['stage']) => {
        // Progress only moves forward: in steps of at least 1 %, at each new stage and at the end.
        const clamped = Math.min(1, Math.max(reported, fraction));
        const advanced = clamped - reported >= 0.01 || (clamped === 1 && reported < 1);
        if (!advanced && stage === reportedStage) return;
        reported = clamped;
        reportedStage = stage;
        options.onProgress?.({ fraction: Math.round(clamped * 10_000) / 10_000, stage });
      };
      report(0, 'reading');
      throwIfAborted(signal);

      const { analysisType } = request;
      const corpus = await readCorpus(request, {
        signal,
        needsLanguage: analysisType === 'contentAnalysis' || analysisType === 'newsAnalysis',
        onDocumentError: options.onDocumentError,
        annotate: executorOptions.annotate,
        parallelReaders: executorOptions.parallelReaders,
        onFraction: (fraction) => report(fraction * readingShare, 'reading'),
      });
      report(readingShare, 'analysing');
      const trendMetric = request.trendMetric ?? 'momentum';
      const period = request.period ?? 'auto';
      const base = {
        engine: name,
        documents: corpus.counts,
        leftOut: corpus.leftOut,
        tokens: corpus.tokens,
        readingThreads: corpus.readingThreads,
      };

      let result: AnalysisResult;
      switch (analysisType) {
        case 'contentAnalysis':
          result = { analysisType, ...base, ...analyseContent(corpus) };
          break;
        case 'trendDetection':
          result = {
            analysisType,
            ...base,
            ...withTrendSentiment(corpus.documents, {
              ...detectTrends(corpus.documents, trendMetric, period),
              keywords: corpusKeywords(corpus),
            }),
          };
          break;
        case 'newsAnalysis':
          result = { analysisType, ...base, ...analyseNews(corpus, trendMetric, period) };
          break;
        case 'narrativeAnalysis':
          result = {
            analysisType,
            ...base,
            keywords: corpusKeywords(corpus),
            ...(await groupNarratives(corpus.documents, signal)),
          };
          break;
      }
      throwIfAborted(signal);
      report(readingShare + analysingShare, 'writing');
      const files = resultFiles(
        result,
        new Map(corpus.documents.map((document) => [document.row, document.text])),
      );
      const documentIndex = indexDocuments(corpus, result, {
        languageKnown:
          analysisType === 'contentAnalysis' || analysisType === 'newsAnalysis' || !!request.language,
      });
      report(1, 'writing');
      return { result, files, documentIndex };
    },
  };
}
