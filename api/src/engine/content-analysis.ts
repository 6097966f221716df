import type { ContentAnalysisResult } from './analysis-results.js';
import type { Corpus } from './corpus.js';
import {
  corpusKeywords,
  corpusTermStatistics,
  countEntities,
  countLanguages,
  distinctiveKeywords,
  keywordListSize,
  minimumDocumentsFor,
  sentimentByTerm,
  summariseDocument,
  summariseDocumentSentiment,
  topCorpusTerms,
} from './corpus-statistics.js';

export const contentListSizes = {
  keywords: keywordListSize,
  keyPhrases: 30,
  entitiesPerType: 25,
  keywordsPerDocument: 5,
};

type ContentParts = Omit<
  ContentAnalysisResult,
  'analysisType' | 'engine' | 'documents' | 'leftOut' | 'tokens'
>;

/**
 * Keywords (content words ranked by the documents they occur in), key phrases (noun phrases, likewise), entities,
 * languages, sentiment per document and overall, and each document's distinctive keywords.
 */
export function analyseContent(corpus: Corpus): ContentParts {
  const { documents } = corpus;
  const minimum = minimumDocumentsFor(documents.length);
  const perDocument = distinctiveKeywords(documents, contentListSizes.keywordsPerDocument);
  const keywords = corpusKeywords(corpus);
  return {
    languages: countLanguages(documents),
    sentiment: summariseDocumentSentiment(documents),
    keywords,
    keyPhrases: topCorpusTerms(
      corpusTermStatistics(documents),
      'phrase',
      contentListSizes.keyPhrases,
      minimum,
    ),
    entities: countEntities(documents, contentListSizes.entitiesPerType),
    documentSummaries: documents.map((document, index) => summariseDocument(document, perDocument[index]!)),
    keywordSentiment: sentimentByTerm(
      documents,
      'words',
      keywords.map((keyword) => keyword.term),
    ),
  };
}
