import type { leftOutReasons } from '../contract/flows.js';
import { languageName } from '../validation/messages.js';

type LeftOutReason = (typeof leftOutReasons)[number];

/** The periods a trend is counted by, as the documents route's `periodUnit` names them. */
export type DocumentPeriodUnit = 'day' | 'week' | 'month' | 'quarter';

/**
 * What a figure counts, as the documents behind it (issue 34 point 6): the view hands one of these to
 * `onShowDocuments` when a reader asks for a figure's documents. The remote turns it into the API's drill-down
 * call (`GET /flows/{flowId}/runs/{runId}/documents`, one query parameter per kind); the store page gives no
 * callback and offers no drill-down. Figures the route cannot filter by (sources, names, numbers) offer none.
 */
export type DocumentSelector =
  | { kind: 'term'; term: string }
  /** `label`: the narrative's phrase, said to the reader instead of its number. */
  | { kind: 'narrative'; narrative: number; label?: string }
  | { kind: 'sentiment'; sentiment: 'positive' | 'neutral' | 'negative' }
  | { kind: 'language'; language: string }
  /** A trend period as its key says it (2024-03-04, 2024-03, 2024-Q1); `periodUnit` tells a day from a week. */
  | { kind: 'period'; period: string; periodUnit?: DocumentPeriodUnit }
  /** The documents left out of the analysis, for one reason or any. */
  | { kind: 'leftOut'; reason: 'any' | LeftOutReason };

/** What the documents a selector picks do, agreeing with their count: "mention “boiler”", "is in narrative 2"… */
export function selectorWords(selector: DocumentSelector, documents: number): string {
  const one = documents === 1;
  const are = one ? 'is' : 'are';
  const were = one ? 'was' : 'were';
  switch (selector.kind) {
    case 'term':
      return `${one ? 'mentions' : 'mention'} “${selector.term}”`;
    case 'narrative':
      return selector.label
        ? `${are} in the narrative “${selector.label}”`
        : `${are} in narrative ${selector.narrative}`;
    case 'sentiment':
      return `${one ? 'reads' : 'read'} as ${selector.sentiment}`;
    case 'language':
      return selector.language === 'und'
        ? `${are} in no language the engine could tell`
        : `${are} in ${languageName(selector.language)}`;
    case 'period':
      return `${were} published in ${selector.period}`;
    case 'leftOut':
      return selector.reason === 'any'
        ? `${were} left out of the analysis`
        : `${were} left out: ${leftOutReasonWords[selector.reason]}`;
  }
}

/** Short names of the reasons a document was left out (the catalogue's `leftOutReason` says each in a sentence). */
export const leftOutReasonWords: Readonly<Record<LeftOutReason, string>> = {
  empty: 'no text',
  language: 'another language',
  articleLimit: 'beyond the article limit',
  unreadable: 'unreadable',
};
