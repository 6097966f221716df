/**
 * What a figure counts, as the documents behind it (issue 34 point 6): the view hands one of these to
 * `onShowDocuments` when a reader asks for a figure's documents. The remote turns it into the API's drill-down
 * call; the store page gives no callback and offers no drill-down.
 */
export type DocumentSelector =
  | { kind: 'term'; term: string }
  | { kind: 'narrative'; narrative: number }
  | { kind: 'sentiment'; sentiment: 'positive' | 'neutral' | 'negative' }
  | { kind: 'language'; language: string }
  | { kind: 'period'; period: string }
  | { kind: 'source'; source: string };
