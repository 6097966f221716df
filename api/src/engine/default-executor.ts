import type {
  AnalysisExecutor,
  AnalysisOutcome,
  AnalysisProgress,
  AnalysisRequest,
  AnalysisRunOptions,
} from './analysis-executor.js';
import type { AnalysisResult } from './analysis-results.js';
import { analyseContent } from './content-analysis.js';
import { throwIfAborted } from './cooperative-loop.js';
import { readCorpus, validateRequest } from './corpus.js';
import { groupNarratives } from './narrative-clustering.js';
import { analyseNews } from './news-analysis.js';
import { resultFiles } from './result-files.js';
import type { TextAnnotation } from './text-annotator.js';
import { detectTrends } from './trend-detection.js';
import { withTrendSentiment } from './trend-sentiment.js';

/** Reading the documents is most of the work; the analyses and the files share the rest. */
const readingShare = 0.85;
const analysingShare = 0.1;

export interface DefaultExecutorOptions {
  /** How a document's text is read: wink-nlp's pipeline unless another is given (tests give one that fails). */
  annotate?: (text: string) => TextAnnotation;
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
        onFraction: (fraction) => report(fraction * readingShare, 'reading'),
      });
      report(readingShare, 'analysing');
      const trendMetric = request.trendMetric ?? 'momentum';
      const period = request.period ?? 'day';
      const base = { engine: name, documents: corpus.counts, leftOut: corpus.leftOut, tokens: corpus.tokens };

      let result: AnalysisResult;
      switch (analysisType) {
        case 'contentAnalysis':
          result = { analysisType, ...base, ...analyseContent(corpus) };
          break;
        case 'trendDetection':
          result = {
            analysisType,
            ...base,
            ...withTrendSentiment(corpus.documents, detectTrends(corpus.documents, trendMetric, period)),
          };
          break;
        case 'newsAnalysis':
          result = { analysisType, ...base, ...analyseNews(corpus, trendMetric, period) };
          break;
        case 'narrativeAnalysis':
          result = { analysisType, ...base, ...(await groupNarratives(corpus.documents, signal)) };
          break;
      }
      throwIfAborted(signal);
      report(readingShare + analysingShare, 'writing');
      const files = resultFiles(result);
      report(1, 'writing');
      return { result, files };
    },
  };
}
