import type { ContentAnalysisResult } from './analysis-results.js';
import type { Corpus } from './corpus.js';
import {
  countEntities,
  countLanguages,
  distinctiveKeywords,
  minimumDocumentsFor,
  rankTerms,
  sentimentByTerm,
  summariseDocument,
  summariseDocumentSentiment,
} from './corpus-statistics.js';

export const contentListSizes = { keywords: 50, keyPhrases: 30, entitiesPerType: 25, keywordsPerDocument: 5 };

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
  const keywords = rankTerms(
    documents.map((document) => document.annotation.words),
    contentListSizes.keywords,
    minimum,
  );
  return {
    languages: countLanguages(documents),
    sentiment: summariseDocumentSentiment(documents),
    keywords,
    keyPhrases: rankTerms(
      documents.map((document) => document.annotation.phrases),
      contentListSizes.keyPhrases,
      minimum,
    ),
    entities: countEntities(documents, contentListSizes.entitiesPerType),
    documentSummaries: documents.map((document, index) => summariseDocument(document, perDocument[index]!)),
    keywordSentiment: sentimentByTerm(
      documents,
      (document) => document.annotation.words,
      keywords.map((keyword) => keyword.term),
    ),
  };
}
