import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Narrative, NarrativeAnalysisResult } from './analysis-results.js';
import { throwIfAborted } from './cooperative-loop.js';
import type { CorpusDocument } from './corpus.js';
import {
  compareText,
  corpusFiguresOf,
  corpusTermIndex,
  corpusTermStatistics,
  rounded,
  summariseSentiment,
} from './corpus-statistics.js';

/** How documents are grouped (decision 0070). */
export const clusteringSettings = {
  mostNarratives: 12,
  /** k is chosen on at most this many documents (spread evenly over the set); the final grouping uses all. */
  selectionSample: 1500,
  /** Silhouettes are measured on at most this many documents. */
  silhouetteSample: 600,
  iterations: 30,
  labelTerms: 3,
  listedTerms: 8,
  excerptLength: 200,
  /** Example documents per narrative: the most central ones that say a word of its label. */
  examples: 3,
  seed: 20_240_601,
} as const;

export interface SparseVector {
  indexes: Int32Array;
  weights: Float64Array;
}

/** A small seeded generator (mulberry32), so the same documents always give the same narratives. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function dotWithDense(vector: SparseVector, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < vector.indexes.length; i += 1) sum += vector.weights[i]! * dense[vector.indexes[i]!]!;
  return sum;
}

interface Grouping {
  assignments: Int32Array;
  centroids: Float64Array[];
}

/**
 * Spherical k-means (cosine similarity to unit-length centres) with k-means++ seeding. `vectors` are unit length
 * (BM25 weights, l2-normalised).
 */
async function sphericalKMeans(
  vectors: readonly SparseVector[],
  k: number,
  dimensions: number,
  signal: AbortSignal | undefined,
): Promise<Grouping> {
  const random = seededRandom(clusteringSettings.seed + k);
  const centroids: Float64Array[] = [];
  const addCentre = (vector: SparseVector) => {
    const centre = new Float64Array(dimensions);
    for (let i = 0; i < vector.indexes.length; i += 1) centre[vector.indexes[i]!] = vector.weights[i]!;
    centroids.push(centre);
  };
  addCentre(vectors[Math.floor(random() * vectors.length)]!);
  const bestSimilarity = new Float64Array(vectors.length).fill(-1);
  while (centroids.length < k) {
    const latest = centroids[centroids.length - 1]!;
    let total = 0;
    const distances = new Float64Array(vectors.length);
    vectors.forEach((vector, index) => {
      bestSimilarity[index] = Math.max(bestSimilarity[index]!, dotWithDense(vector, latest));
      const distance = Math.max(0, 1 - bestSimilarity[index]!);
      distances[index] = distance * distance;
      total += distances[index]!;
    });
    if (total === 0) break;
    let target = random() * total;
    let chosen = vectors.length - 1;
    for (let index = 0; index < vectors.length; index += 1) {
      target -= distances[index]!;
      if (target <= 0) {
        chosen = index;
        break;
      }
    }
    addCentre(vectors[chosen]!);
  }

  const assignments = new Int32Array(vectors.length).fill(-1);
  const similarities = new Float64Array(vectors.length);
  // The dimensions these vectors use, in increasing order: every other dimension of every centre and sum stays 0,
  // so the norms below, summed over these alone in the same order, are the sums over every dimension (adding 0
  // changes no sum), without a loop over the whole vocabulary per centre (issue 34, speed: a sample of 1,500
  // documents uses a fraction of the vocabulary of 20,000).
  const used = usedDimensions(vectors, dimensions);
  // The centres' sums are written into the arrays of the centres they replaced, two sets taking turns (issue 34,
  // speed): not k new arrays of every dimension in each of up to 30 iterations for every k tried.
  let spare: Float64Array[] = centroids.map(() => new Float64Array(dimensions));
  // The centres again, dimension by dimension (`byDimension[d * centres + c]` is centre c's weight on d), rewritten for
  // the used dimensions each iteration (issue 34 point 8): a document's similarity to every centre is then one pass
  // over its words, reading the centres' weights side by side, not k passes each reaching into a vocabulary-wide array. Each
  // centre's sum adds the same products in the same order as a pass per centre, so every similarity, and so every
  // assignment, is the same to the last bit.
  const centres = centroids.length;
  const byDimension = new Float64Array(dimensions * centres);
  const values = new Float64Array(centres);
  for (let iteration = 0; iteration < clusteringSettings.iterations; iteration += 1) {
    throwIfAborted(signal);
    let changed = 0;
    for (let c = 0; c < centres; c += 1) {
      const centre = centroids[c]!;
      for (let u = 0; u < used.length; u += 1) byDimension[used[u]! * centres + c] = centre[used[u]!]!;
    }
    for (let index = 0; index < vectors.length; index += 1) {
      const { indexes, weights } = vectors[index]!;
      values.fill(0);
      for (let i = 0; i < indexes.length; i += 1) {
        const weight = weights[i]!;
        const base = indexes[i]! * centres;
        for (let c = 0; c < centres; c += 1) values[c]! += weight * byDimension[base + c]!;
      }
      let best = 0;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < centres; c += 1) {
        if (values[c]! > bestValue) {
          bestValue = values[c]!;
          best = c;
        }
      }
      similarities[index] = bestValue;
      if (assignments[index] !== best) {
        assignments[index] = best;
        changed += 1;
      }
    }
    // New centres: the normalised sum of their members; an empty one restarts at the worst-placed document.
    const sums = spare;
    for (const sum of sums) for (let i = 0; i < used.length; i += 1) sum[used[i]!] = 0;
    spare = [...centroids];
    const sizes = new Int32Array(centroids.length);
    for (let index = 0; index < vectors.length; index += 1) {
      const { indexes, weights } = vectors[index]!;
      const sum = sums[assignments[index]!]!;
      sizes[assignments[index]!]! += 1;
      for (let i = 0; i < indexes.length; i += 1) sum[indexes[i]!]! += weights[i]!;
    }
    sums.forEach((sum, c) => {
      if (sizes[c] === 0) {
        let worst = 0;
        similarities.forEach((value, index) => {
          if (value < similarities[worst]!) worst = index;
        });
        const vector = vectors[worst]!;
        for (let i = 0; i < vector.indexes.length; i += 1) sum[vector.indexes[i]!] = vector.weights[i]!;
        similarities[worst] = Number.POSITIVE_INFINITY;
      }
      let norm = 0;
      for (let i = 0; i < used.length; i += 1) norm += sum[used[i]!]! * sum[used[i]!]!;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < used.length; i += 1) sum[used[i]!]! /= norm;
      centroids[c] = sum;
    });
    await nextTurn();
    if (changed === 0) break;
  }
  return { assignments, centroids };
}

/** The dimensions any of `vectors` has, in increasing order. */
function usedDimensions(vectors: readonly SparseVector[], dimensions: number): Int32Array {
  const isUsed = new Uint8Array(dimensions);
  let count = 0;
  for (const vector of vectors) {
    for (let i = 0; i < vector.indexes.length; i += 1) {
      if (isUsed[vector.indexes[i]!] === 0) {
        isUsed[vector.indexes[i]!] = 1;
        count += 1;
      }
    }
  }
  const used = new Int32Array(count);
  let at = 0;
  for (let dimension = 0; dimension < dimensions; dimension += 1)
    if (isUsed[dimension] === 1) used[at++] = dimension;
  return used;
}

/**
 * The vectors with their dimensions numbered anew, 0 to n - 1 for the n dimensions they use, in the same order
 * (issue 34 point 8): a sample of 1,500 documents uses a fraction of the vocabulary of 20,000, and the k-means over
 * it, with centres of that many dimensions instead of the whole vocabulary's, reads memory that stays in the
 * processor's cache. Each vector keeps its entries in their order, and the numbering keeps the dimensions' order, so
 * every sum is taken in the same order as before and every result is the same.
 */
function renumbered(
  vectors: readonly SparseVector[],
  dimensions: number,
): { vectors: SparseVector[]; dimensions: number } {
  const used = usedDimensions(vectors, dimensions);
  const numberOf = new Int32Array(dimensions);
  for (let at = 0; at < used.length; at += 1) numberOf[used[at]!] = at;
  return {
    vectors: vectors.map(({ indexes, weights }) => ({
      indexes: indexes.map((index) => numberOf[index]!),
      weights,
    })),
    dimensions: used.length,
  };
}

/** Evenly spread indexes, at most `size` of `count`. */
function spreadSample(count: number, size: number): number[] {
  if (count <= size) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: size }, (_, index) => Math.floor((index * count) / size));
}

/** Cosine similarities between every pair of the sample (the vectors are unit length). */
function similarityMatrix(vectors: readonly SparseVector[], dimensions: number): Float64Array[] {
  const dense = new Float64Array(dimensions);
  return vectors.map((vector) => {
    for (let i = 0; i < vector.indexes.length; i += 1) dense[vector.indexes[i]!] = vector.weights[i]!;
    const row = new Float64Array(vectors.length);
    for (let j = 0; j < vectors.length; j += 1) {
      const { indexes, weights } = vectors[j]!;
      let sum = 0;
      for (let i = 0; i < indexes.length; i += 1) sum += weights[i]! * dense[indexes[i]!]!;
      row[j] = sum;
    }
    for (let i = 0; i < vector.indexes.length; i += 1) dense[vector.indexes[i]!] = 0;
    return row;
  });
}

/** Mean silhouette with cosine distance: how much closer each document is to its group than to the next one. */
function meanSilhouette(similarities: readonly Float64Array[], labels: ArrayLike<number>, k: number): number {
  let total = 0;
  for (let i = 0; i < similarities.length; i += 1) {
    const sums = new Float64Array(k);
    const sizes = new Int32Array(k);
    for (let j = 0; j < similarities.length; j += 1) {
      if (i === j) continue;
      sums[labels[j]!]! += 1 - similarities[i]![j]!;
      sizes[labels[j]!]! += 1;
    }
    const own = labels[i]!;
    if (sizes[own] === 0) continue; // alone in its group: silhouette 0
    const a = sums[own]! / sizes[own]!;
    let b = Number.POSITIVE_INFINITY;
    for (let c = 0; c < k; c += 1) if (c !== own && sizes[c]! > 0) b = Math.min(b, sums[c]! / sizes[c]!);
    if (b === Number.POSITIVE_INFINITY) continue;
    const spread = Math.max(a, b);
    total += spread === 0 ? 0 : (b - a) / spread;
  }
  return similarities.length === 0 ? 0 : total / similarities.length;
}

/** Whitespace other than single spaces: a tab, a line break, any other space, or two spaces in a row. */
const otherWhitespace = /[^\S ]| {2}/;

/**
 * A text on one line, every run of whitespace one space, trimmed; a text whose whitespace is single spaces already
 * is only trimmed (issue 34, speed: the replacement rewrote every text at each of its spaces).
 */
function flattened(text: string): string {
  return otherWhitespace.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

function excerptOf(text: string): string {
  const flat = flattened(text);
  const length = clusteringSettings.excerptLength;
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/** The label's terms: the top terms, skipping a word already said by a phrase before it. */
function labelTermsOf(terms: readonly string[]): string[] {
  const chosen: string[] = [];
  for (const term of terms) {
    if (chosen.length === clusteringSettings.labelTerms) break;
    if (chosen.some((other) => other.split(' ').includes(term) || term.split(' ').includes(other))) continue;
    chosen.push(term);
  }
  return chosen;
}

/**
 * The first of the forms a word's lemma may take in text ("commits", "picked", "fixing", "libraries") that `terms`
 * holds: the word itself, then -ies → -y, -es → -, -s → -, -ed → - and -e, -ing → - and -e, in that order; checked
 * one by one without building the list of forms (issue 34, speed).
 */
function termFormOf(word: string, terms: ReadonlySet<string>): string | undefined {
  if (terms.has(word)) return word;
  const held = (form: string) => (terms.has(form) ? form : undefined);
  const ies = word.endsWith('ies') ? held(`${word.slice(0, -3)}y`) : undefined;
  if (ies !== undefined) return ies;
  const es = word.endsWith('es') ? held(word.slice(0, -2)) : undefined;
  if (es !== undefined) return es;
  const s = word.endsWith('s') ? held(word.slice(0, -1)) : undefined;
  if (s !== undefined) return s;
  if (word.endsWith('ed')) {
    const ed = held(word.slice(0, -2)) ?? held(word.slice(0, -1));
    if (ed !== undefined) return ed;
  }
  if (word.endsWith('ing')) return held(word.slice(0, -3)) ?? held(`${word.slice(0, -3)}e`);
  return undefined;
}

const clausePattern = /[^.,;:!?()[\]{}"\n]+/gu;
const labelWordPattern = /[\p{L}\p{N}]+/gu;

interface LabelWord {
  /** The term word it is a form of, if any. */
  term: string | undefined;
  start: number;
  end: number;
}

/** A text's words, clause by clause, each with the label term word it is a form of. */
function clausesOf(text: string, termWords: ReadonlySet<string>): { clause: string; words: LabelWord[] }[] {
  const clauses: { clause: string; words: LabelWord[] }[] = [];
  for (const clauseMatch of text.matchAll(clausePattern)) {
    const clause = clauseMatch[0];
    const words: LabelWord[] = [];
    for (const match of clause.matchAll(labelWordPattern)) {
      const lower = match[0].toLowerCase();
      const term = termFormOf(lower, termWords);
      words.push({ term, start: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
    }
    clauses.push({ clause, words });
  }
  return clauses;
}

/** How many of a narrative's most central documents its label is read from. */
const labelDocuments = 300;

/**
 * A narrative's label, read as a phrase (issue 34): the 2- or 3-word run (a hyphenated word is one) of its documents' text that begins and
 * ends with words of its top terms, weighed by the documents using it times the weight of the terms it says,
 * written as the documents write it ("cherry-pick upstream commit"); when no run is used by at least two documents
 * (and a twentieth of them), the top terms in the order the documents most often say them.
 */
function labelOf(
  terms: readonly { term: string; weight: number }[],
  texts: readonly string[],
): { label: string; words: string[] } {
  const chosen = labelTermsOf(terms.map((entry) => entry.term));
  const weightOf = new Map<string, number>();
  for (const entry of terms) {
    for (const word of entry.term.split(' '))
      weightOf.set(word, Math.max(weightOf.get(word) ?? 0, entry.weight));
  }
  const chosenWords = new Set(chosen.flatMap((term) => term.split(' ')));
  const termWords = new Set(weightOf.keys());
  const runs = new Map<
    string,
    { surface: Map<string, number>; documents: number; weight: number; words: string[] }
  >();
  const firstPosition = new Map<string, number[]>();
  const read = texts.slice(0, labelDocuments);
  for (const text of read) {
    const seen = new Set<string>();
    let position = 0;
    const firstSeen = new Map<string, number>();
    for (const { clause, words } of clausesOf(text, termWords)) {
      words.forEach((word, index) => {
        position += 1;
        if (word.term && chosenWords.has(word.term) && !firstSeen.has(word.term))
          firstSeen.set(word.term, position);
        if (!word.term) return;
        for (const length of [2, 3, 4]) {
          const last = words[index + length - 1];
          if (!last?.term) continue;
          // At most three words as written: a hyphenated word ("cherry-pick") is one.
          if (clause.slice(word.start, last.end).split(/\s+/).length > 3) continue;
          const said = words
            .slice(index, index + length)
            .flatMap((entry) => (entry.term ? [entry.term] : []));
          if (!said.some((term) => chosenWords.has(term)) || new Set(said).size < 2) continue;
          const key = words
            .slice(index, index + length)
            .map((entry) => entry.term ?? clause.slice(entry.start, entry.end).toLowerCase())
            .join(' ');
          let run = runs.get(key);
          if (!run) {
            const distinct = [...new Set(said)];
            run = {
              surface: new Map(),
              documents: 0,
              weight: distinct.reduce((sum, term) => sum + (weightOf.get(term) ?? 0), 0),
              words: distinct,
            };
            runs.set(key, run);
          }
          const surface = clause.slice(word.start, last.end).toLowerCase().replace(/\s+/g, ' ');
          run.surface.set(surface, (run.surface.get(surface) ?? 0) + 1);
          if (!seen.has(key)) {
            seen.add(key);
            run.documents += 1;
          }
        }
      });
    }
    for (const [term, at] of firstSeen)
      firstPosition.set(term, [...(firstPosition.get(term) ?? []), at / position]);
  }
  const least = Math.max(2, Math.ceil(read.length / 20));
  let best: { surface: Map<string, number>; score: number; words: string[] } | undefined;
  for (const run of runs.values()) {
    if (run.documents < least) continue;
    const score = run.documents * run.weight;
    if (!best || score > best.score) best = { surface: run.surface, score, words: run.words };
  }
  if (best) {
    const [surface] = [...best.surface.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]!;
    return { label: surface, words: best.words };
  }
  const meanPosition = (term: string) => {
    const positions = term.split(' ').flatMap((word) => firstPosition.get(word) ?? []);
    return positions.length === 0 ? 1 : positions.reduce((sum, value) => sum + value, 0) / positions.length;
  };
  const ordered = [...chosen].sort((a, b) => meanPosition(a) - meanPosition(b));
  return { label: ordered.join(' '), words: [...chosenWords] };
}

/** An excerpt of a text, from the sentence where one of `words` first appears when that is past the opening. */
function excerptAround(text: string, words: ReadonlySet<string>): string {
  const flat = flattened(text);
  const length = clusteringSettings.excerptLength;
  let at = -1;
  for (const match of flat.matchAll(labelWordPattern)) {
    if (termFormOf(match[0].toLowerCase(), words) !== undefined) {
      at = match.index ?? 0;
      break;
    }
  }
  if (at < 0 || at + 20 < length) return excerptOf(flat);
  const sentenceStart = Math.max(flat.lastIndexOf('. ', at) + 2, at - 60);
  return `…${excerptOf(flat.slice(sentenceStart))}`;
}

/** Whether a text says one of the label's words (in any of its forms). */
function says(text: string, words: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(labelWordPattern)) {
    if (termFormOf(match[0].toLowerCase(), words) !== undefined) return true;
  }
  return false;
}

export type NarrativeGrouping = Pick<NarrativeAnalysisResult, 'narratives' | 'unassigned' | 'clustering'>;

/** How many of a narrative's documents contain each of its terms (its own count; the corpus's is `documents`). */
function countInNarrative(
  terms: readonly number[],
  memberTerms: readonly Int32Array[],
  termCount: number,
): number[] {
  // Each wanted term's place plus one (0: not wanted), and the last member it was counted for.
  const wanted = new Int32Array(termCount);
  terms.forEach((id, index) => {
    wanted[id] = index + 1;
  });
  const lastMember = new Int32Array(terms.length).fill(-1);
  const counts = new Array<number>(terms.length).fill(0);
  memberTerms.forEach((ids, member) => {
    for (const id of ids) {
      const index = wanted[id]! - 1;
      if (index >= 0 && lastMember[index] !== member) {
        lastMember[index] = member;
        counts[index]! += 1;
      }
    }
  });
  return counts;
}

/** BM25 settings as wink-nlp's vectorizer was given them (decision 0070); it rounds to 6 decimals (`fixedTo6`). */
const bm25 = { k: 1, k1: 1.2, b: 0.75 } as const;

/**
 * `+value.toFixed(6)` without the text (issue 34, speed), for a value in [0, 1000): `toFixed` rounds the exact
 * value times 10^6 to the nearest integer n (the larger on a tie) and `+` reads n / 10^6 as the nearest number, which
 * is what dividing n by 1e6 gives (both exact, the quotient correctly rounded). value × 1e6 (below 10^9) is off the exact
 * product by less than 10^-7, so `Math.round` finds the same n unless the product is within 10^-6 of a half,
 * which, like any other value, is left to `toFixed`.
 */
export function fixedTo6(value: number): number {
  if (!(value >= 0 && value < 1000)) return +value.toFixed(6);
  const scaled = value * 1e6;
  const whole = Math.round(scaled);
  if (Math.abs(Math.abs(scaled - whole) - 0.5) < 1e-6) return +value.toFixed(6);
  return whole / 1e6;
}

/** Whether a term is an array index, which a JavaScript object lists first, in numeric order. */
const isArrayIndex = (term: string) => /^(?:0|[1-9][0-9]*)$/.test(term) && Number(term) <= 4_294_967_294;

/**
 * Each document's BM25 vector (l2-normalised), computed on term ids exactly as wink-nlp's `bm25Vectorizer` computes
 * its `bow` (issue 34, speed): the same formula in the same order of operations, each idf and each weight rounded
 * as `toFixed(6)` rounds them, and a document's terms in the order its `bow` object lists them (array indexes
 * first, in numeric order, then the others in first occurrence), which sets the order of every sum over them. The
 * dimensions are numbered in the order the documents' vectors first list them.
 */
export function bm25Vectors(
  documents: readonly ArrayLike<number>[],
  termOf: readonly string[],
): { vectors: SparseVector[]; dimensions: number[] } {
  const { k, k1, b } = bm25;
  const termCount = termOf.length;
  const occurrences = new Int32Array(termCount);
  const documentCount = new Int32Array(termCount);
  const indexLike = new Int8Array(termCount); // 0 unknown, 1 array index, 2 not
  let sumOfLengths = 0;
  for (const ids of documents) sumOfLengths += ids.length;
  // Each document's distinct terms in its bow's order and their counts, every document's one after the other in
  // one array, and each vector a view of one array of indexes and one of weights (issue 34, speed: not four typed
  // arrays of its own per document, each with its own buffer to allocate and to collect).
  const listed = new Int32Array(sumOfLengths);
  const counts = new Int32Array(sumOfLengths);
  const starts = new Int32Array(documents.length + 1);
  let end = 0;
  documents.forEach((ids, position) => {
    const start = end;
    let indexes = 0;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i]!;
      if (occurrences[id] === 0) {
        listed[end++] = id;
        documentCount[id]! += 1;
        if (indexLike[id] === 0) indexLike[id] = isArrayIndex(termOf[id]!) ? 1 : 2;
        if (indexLike[id] === 1) indexes += 1;
      }
      occurrences[id]! += 1;
    }
    if (indexes > 0) {
      const order = [...listed.subarray(start, end)];
      const first = order
        .filter((id) => indexLike[id] === 1)
        .sort((x, y) => Number(termOf[x]) - Number(termOf[y]));
      listed.set([...first, ...order.filter((id) => indexLike[id] !== 1)], start);
    }
    for (let i = start; i < end; i += 1) {
      counts[i] = occurrences[listed[i]!]!;
      occurrences[listed[i]!] = 0;
    }
    starts[position + 1] = end;
  });
  const total = documents.length;
  const idf = new Float64Array(termCount);
  for (let id = 0; id < termCount; id += 1) {
    const df = documentCount[id]!;
    if (df > 0) idf[id] = fixedTo6(Math.log((total - df + 0.5) / (df + 0.5) + k));
  }
  const averageLength = sumOfLengths / total;
  const dimensionOf = new Int32Array(termCount).fill(-1);
  const dimensions: number[] = [];
  const allWeights = new Float64Array(end);
  const allIndexes = new Int32Array(end);
  const vectors = documents.map((ids, position): SparseVector => {
    const start = starts[position]!;
    const stop = starts[position + 1]!;
    const length = ids.length;
    let norm = 0;
    for (let i = start; i < stop; i += 1) {
      const tf = counts[i]!;
      const weight =
        (idf[listed[i]!]! * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (length / averageLength)) + tf);
      allWeights[i] = weight;
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    for (let i = start; i < stop; i += 1) {
      allWeights[i] = fixedTo6(allWeights[i]! / norm);
      const id = listed[i]!;
      let dimension = dimensionOf[id]!;
      if (dimension < 0) {
        dimension = dimensions.length;
        dimensionOf[id] = dimension;
        dimensions.push(id);
      }
      allIndexes[i] = dimension;
    }
    return { indexes: allIndexes.subarray(start, stop), weights: allWeights.subarray(start, stop) };
  });
  return { vectors, dimensions };
}

/**
 * Groups documents into narratives: each document is a BM25 vector (wink-nlp's vectorizer, l2-normalised) of its
 * words, noun phrases and hashtags that at least two documents share and at most half use; spherical k-means
 * groups them for each k from 2 to 12 (on a spread sample of the set), the k with the best mean silhouette is kept
 * and run over every document. Each narrative is labelled by the heaviest terms of its centre.
 */
export async function groupNarratives(
  documents: readonly CorpusDocument[],
  signal: AbortSignal | undefined,
): Promise<NarrativeGrouping> {
  // Each document's terms (words, noun phrases, hashtags, in that order) as ids of the corpus's terms.
  const { termOf, documentFrequency, ids, bounds } = corpusTermIndex(documents);
  const termLists = documents.map((_, position) =>
    ids.subarray(bounds[position * 4]!, bounds[position * 4 + 3]!),
  );
  const count = documents.length;
  const minimum = count >= 4 ? 2 : 1;
  const maximum = count >= 10 ? Math.floor(count / 2) : count;
  // The kept terms of every document in one array, each document's a view of it (issue 34, speed: not a typed
  // array's `filter` with its callback and its own buffer per document).
  const keptIds = new Int32Array(ids.length);
  let keptLength = 0;
  const kept = termLists.map((terms) => {
    const start = keptLength;
    for (let i = 0; i < terms.length; i += 1) {
      const frequency = documentFrequency[terms[i]!]!;
      if (frequency >= minimum && frequency <= maximum) keptIds[keptLength++] = terms[i]!;
    }
    return keptIds.subarray(start, keptLength);
  });
  const clusteredIndexes = kept.flatMap((terms, index) => (terms.length > 0 ? [index] : []));
  const unassigned = kept.flatMap((terms, index) => (terms.length > 0 ? [] : [documents[index]!.id]));
  const noGrouping: NarrativeGrouping = {
    narratives: [],
    unassigned,
    clustering: { method: 'spherical k-means on BM25 vectors', k: 0, silhouette: null, candidates: [] },
  };
  if (clusteredIndexes.length === 0) return noGrouping;

  const weighed = bm25Vectors(
    clusteredIndexes.map((index) => kept[index]!),
    termOf,
  );
  const vocabulary = weighed.dimensions.map((id) => termOf[id]!);
  const { vectors } = weighed;
  const dimensions = vocabulary.length;
  throwIfAborted(signal);

  const mostK = Math.min(clusteringSettings.mostNarratives, Math.floor(Math.sqrt(vectors.length)));
  const candidates: { k: number; silhouette: number }[] = [];
  let chosenK = 1;
  if (mostK >= 2) {
    const { vectors: selection, dimensions: selectionDimensions } = renumbered(
      spreadSample(vectors.length, clusteringSettings.selectionSample).map((i) => vectors[i]!),
      dimensions,
    );
    const silhouettePositions = spreadSample(selection.length, clusteringSettings.silhouetteSample);
    const similarities = similarityMatrix(
      silhouettePositions.map((i) => selection[i]!),
      selectionDimensions,
    );
    let best = 0;
    for (let k = 2; k <= mostK; k += 1) {
      const grouping = await sphericalKMeans(selection, k, selectionDimensions, signal);
      const labels = silhouettePositions.map((i) => grouping.assignments[i]!);
      const silhouette = rounded(meanSilhouette(similarities, labels, k));
      candidates.push({ k, silhouette });
      if (silhouette > best) {
        best = silhouette;
        chosenK = k;
      }
    }
  }

  const grouping = await sphericalKMeans(vectors, chosenK, dimensions, signal);
  const chosen = candidates.find((candidate) => candidate.k === chosenK);
  const members: number[][] = Array.from({ length: chosenK }, () => []);
  grouping.assignments.forEach((group, position) => {
    members[group]!.push(position);
  });

  const narratives: Narrative[] = members
    .filter((list) => list.length > 0)
    .map((list) => {
      const group = grouping.assignments[list[0]!]!;
      const centre = grouping.centroids[group]!;
      const topDimensions = [...centre.keys()]
        .filter((dimension) => centre[dimension]! > 0)
        .sort((a, b) => centre[b]! - centre[a]! || compareText(vocabulary[a]!, vocabulary[b]!))
        .slice(0, clusteringSettings.listedTerms);
      const terms = topDimensions.map((dimension) => ({
        term: vocabulary[dimension]!,
        weight: rounded(centre[dimension]!),
      }));
      const inNarrative = countInNarrative(
        topDimensions.map((dimension) => weighed.dimensions[dimension]!),
        list.map((position) => termLists[clusteredIndexes[position]!]!),
        termOf.length,
      );
      const statistics = corpusTermStatistics(documents);
      const documentsOfGroup = list
        .map((position) => ({
          document: documents[clusteredIndexes[position]!]!,
          similarity: dotWithDense(vectors[position]!, centre),
        }))
        .sort((a, b) => b.similarity - a.similarity || compareText(a.document.id, b.document.id));
      const { label, words } = labelOf(
        terms,
        documentsOfGroup.map((entry) => entry.document.text),
      );
      const labelWords = new Set(words);
      // Examples are different texts: answers written the same way by several people are shown once.
      // The search stops at the examples wanted (issue 34, speed): not every document of the narrative read.
      const exampleTexts = new Set<string>();
      const exampleEntries: typeof documentsOfGroup = [];
      for (const entry of documentsOfGroup) {
        if (exampleEntries.length === clusteringSettings.examples) break;
        if (!says(entry.document.text, labelWords)) continue;
        const key = entry.document.text.trim().toLowerCase();
        if (exampleTexts.has(key)) continue;
        exampleTexts.add(key);
        exampleEntries.push(entry);
      }
      const examples = exampleEntries.map(({ document, similarity }) => ({
        id: document.id,
        row: document.row,
        ...(document.document.title ? { title: document.document.title } : {}),
        excerpt: excerptAround(document.text, labelWords),
        similarity: rounded(Math.max(0, similarity)),
        sentiment: rounded(document.annotation.sentiment),
      }));
      return {
        id: 0,
        label,
        examples,
        terms: terms.map((entry, index) => ({
          ...entry,
          documents: corpusFiguresOf(statistics, entry.term).documents,
          narrativeDocuments: inNarrative[index]!,
        })),
        size: list.length,
        share: rounded(list.length / vectors.length),
        sentiment: summariseSentiment(documentsOfGroup.map((entry) => entry.document.annotation.sentiment)),
        documents: documentsOfGroup.map(({ document, similarity }) => ({
          id: document.id,
          row: document.row,
          ...(document.document.title ? { title: document.document.title } : {}),
          excerpt: excerptOf(document.document.text),
          similarity: rounded(Math.max(0, similarity)),
          sentiment: rounded(document.annotation.sentiment),
        })),
      };
    })
    .sort((a, b) => b.size - a.size || compareText(a.label, b.label))
    .map((narrative, index) => ({ ...narrative, id: index + 1 }));

  return {
    narratives,
    unassigned,
    clustering: {
      method: 'spherical k-means on BM25 vectors',
      k: narratives.length,
      silhouette: chosen ? chosen.silhouette : null,
      candidates,
    },
  };
}
