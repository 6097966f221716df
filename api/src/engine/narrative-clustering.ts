import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type bm25VectorizerType from 'wink-nlp/utilities/bm25-vectorizer';
import type { Narrative, NarrativeAnalysisResult } from './analysis-results.js';
import { throwIfAborted } from './cooperative-loop.js';
import type { CorpusDocument } from './corpus.js';
import { corpusFiguresOf, corpusTermStatistics, rounded, summariseSentiment } from './corpus-statistics.js';
import { winkIts } from './text-annotator.js';

// wink-nlp's utilities have no exports map, so Node's ESM resolution cannot find them without their file
// extension, and their type declarations are declared for the name without it: required the CommonJS way.
const bm25Vectorizer: typeof bm25VectorizerType = createRequire(import.meta.url)(
  'wink-nlp/utilities/bm25-vectorizer',
);

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
  seed: 20_240_601,
} as const;

interface SparseVector {
  indexes: Int32Array;
  weights: Float64Array;
}

/** A small seeded generator (mulberry32), so the same documents always give the same narratives. */
function seededRandom(seed: number): () => number {
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
  for (let iteration = 0; iteration < clusteringSettings.iterations; iteration += 1) {
    throwIfAborted(signal);
    let changed = 0;
    vectors.forEach((vector, index) => {
      let best = 0;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < centroids.length; c += 1) {
        const value = dotWithDense(vector, centroids[c]!);
        if (value > bestValue) {
          bestValue = value;
          best = c;
        }
      }
      similarities[index] = bestValue;
      if (assignments[index] !== best) {
        assignments[index] = best;
        changed += 1;
      }
    });
    // New centres: the normalised sum of their members; an empty one restarts at the worst-placed document.
    const sums = centroids.map(() => new Float64Array(dimensions));
    const sizes = new Int32Array(centroids.length);
    vectors.forEach((vector, index) => {
      const sum = sums[assignments[index]!]!;
      sizes[assignments[index]!]! += 1;
      for (let i = 0; i < vector.indexes.length; i += 1) sum[vector.indexes[i]!]! += vector.weights[i]!;
    });
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
      for (let i = 0; i < sum.length; i += 1) norm += sum[i]! * sum[i]!;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < sum.length; i += 1) sum[i]! /= norm;
      centroids[c] = sum;
    });
    await nextTurn();
    if (changed === 0) break;
  }
  return { assignments, centroids };
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
    vectors.forEach((other, j) => {
      row[j] = dotWithDense(other, dense);
    });
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

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const length = clusteringSettings.excerptLength;
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/** The label: the top terms, skipping a word already said by a phrase before it. */
function labelOf(terms: readonly string[]): string {
  const chosen: string[] = [];
  for (const term of terms) {
    if (chosen.length === clusteringSettings.labelTerms) break;
    if (chosen.some((other) => other.split(' ').includes(term) || term.split(' ').includes(other))) continue;
    chosen.push(term);
  }
  return chosen.join(' · ');
}

export type NarrativeGrouping = Pick<NarrativeAnalysisResult, 'narratives' | 'unassigned' | 'clustering'>;

/** How many of a narrative's documents contain each of its terms (its own count; the corpus's is `documents`). */
function countInNarrative(terms: readonly string[], memberTerms: readonly (readonly string[])[]): number[] {
  const wanted = new Map(terms.map((term, index) => [term, index]));
  const counts = new Array<number>(terms.length).fill(0);
  for (const list of memberTerms) {
    const seen = new Set<number>();
    for (const term of list) {
      const index = wanted.get(term);
      if (index !== undefined && !seen.has(index)) {
        seen.add(index);
        counts[index]! += 1;
      }
    }
  }
  return counts;
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
  const termLists = documents.map((document) => [
    ...document.annotation.words,
    ...document.annotation.phrases,
    ...document.annotation.hashtags,
  ]);
  const documentFrequency = new Map<string, number>();
  for (const terms of termLists) {
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = documents.length;
  const minimum = count >= 4 ? 2 : 1;
  const maximum = count >= 10 ? Math.floor(count / 2) : count;
  const kept = termLists.map((terms) =>
    terms.filter((term) => {
      const frequency = documentFrequency.get(term) ?? 0;
      return frequency >= minimum && frequency <= maximum;
    }),
  );
  const clusteredIndexes = kept.flatMap((terms, index) => (terms.length > 0 ? [index] : []));
  const unassigned = kept.flatMap((terms, index) => (terms.length > 0 ? [] : [documents[index]!.id]));
  const noGrouping: NarrativeGrouping = {
    narratives: [],
    unassigned,
    clustering: { method: 'spherical k-means on BM25 vectors', k: 0, silhouette: null, candidates: [] },
  };
  if (clusteredIndexes.length === 0) return noGrouping;

  const vectorizer = bm25Vectorizer({ k: 1, k1: 1.2, b: 0.75, norm: 'l2' });
  for (const index of clusteredIndexes) vectorizer.learn(kept[index]!);
  const dimensionOf = new Map<string, number>();
  const vocabulary: string[] = [];
  const vectors: SparseVector[] = clusteredIndexes.map((_, position) => {
    const bow = vectorizer.doc(position).out(winkIts().bow) as Record<string, number>;
    const entries = Object.entries(bow);
    const vector: SparseVector = {
      indexes: new Int32Array(entries.length),
      weights: new Float64Array(entries.length),
    };
    entries.forEach(([term, weight], i) => {
      let dimension = dimensionOf.get(term);
      if (dimension === undefined) {
        dimension = vocabulary.length;
        dimensionOf.set(term, dimension);
        vocabulary.push(term);
      }
      vector.indexes[i] = dimension;
      vector.weights[i] = weight;
    });
    return vector;
  });
  const dimensions = vocabulary.length;
  throwIfAborted(signal);

  const mostK = Math.min(clusteringSettings.mostNarratives, Math.floor(Math.sqrt(vectors.length)));
  const candidates: { k: number; silhouette: number }[] = [];
  let chosenK = 1;
  if (mostK >= 2) {
    const selection = spreadSample(vectors.length, clusteringSettings.selectionSample).map(
      (i) => vectors[i]!,
    );
    const silhouettePositions = spreadSample(selection.length, clusteringSettings.silhouetteSample);
    const similarities = similarityMatrix(
      silhouettePositions.map((i) => selection[i]!),
      dimensions,
    );
    let best = 0;
    for (let k = 2; k <= mostK; k += 1) {
      const grouping = await sphericalKMeans(selection, k, dimensions, signal);
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
      const terms = [...centre.keys()]
        .filter((dimension) => centre[dimension]! > 0)
        .sort((a, b) => centre[b]! - centre[a]! || vocabulary[a]!.localeCompare(vocabulary[b]!))
        .slice(0, clusteringSettings.listedTerms)
        .map((dimension) => ({ term: vocabulary[dimension]!, weight: rounded(centre[dimension]!) }));
      const inNarrative = countInNarrative(
        terms.map((entry) => entry.term),
        list.map((position) => termLists[clusteredIndexes[position]!]!),
      );
      const statistics = corpusTermStatistics(documents);
      const documentsOfGroup = list
        .map((position) => ({
          document: documents[clusteredIndexes[position]!]!,
          similarity: dotWithDense(vectors[position]!, centre),
        }))
        .sort((a, b) => b.similarity - a.similarity || a.document.id.localeCompare(b.document.id));
      return {
        id: 0,
        label: labelOf(terms.map((term) => term.term)),
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
    .sort((a, b) => b.size - a.size || a.label.localeCompare(b.label))
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
