import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import type { EntityType, FoundEntity, SentimentLabel } from './analysis-results.js';
import { isTechnicalText, scoreSentiment, sentimentSettings } from './sentiment-scorer.js';

/** One document read once: everything every analysis needs from its text. */
export interface TextAnnotation {
  tokens: number;
  /** The sentiment score (`sentiment-scorer.ts`), -1 (negative) to 1 (positive); 0 without opinion words. */
  sentiment: number;
  /** Words, emoji and emoticons that carried a sentiment (0: the text states, it does not judge). */
  opinionWords?: number;
  /** Whether the text reads as technical (versions, CVE numbers, bug references, file names, code): not opinion. */
  technical?: boolean;
  /** Content words (nouns, proper nouns, adjectives, verbs; stop words out), as lemmas, in text order. */
  words: string[];
  /** Hashtags, lower-cased, in text order. */
  hashtags: string[];
  /** Noun phrases of two to four words (adjectives and nouns ending with a noun), in text order. */
  phrases: string[];
  entities: FoundEntity[];
}

/** Scores within the calibrated neutral band are neutral (decision 0099). */
const neutralBand = sentimentSettings.neutralBand;

export function sentimentLabel(score: number): SentimentLabel {
  if (score > neutralBand) return 'positive';
  if (score < -neutralBand) return 'negative';
  return 'neutral';
}

/** wink-eng-lite-web-model's entity types, in the engine's words. */
const entityTypeOfWinkType: Record<string, EntityType> = {
  HASHTAG: 'hashtag',
  MENTION: 'mention',
  URL: 'url',
  EMAIL: 'email',
  MONEY: 'money',
  PERCENT: 'percent',
  DATE: 'date',
  TIME: 'time',
  DURATION: 'duration',
  CARDINAL: 'number',
  ORDINAL: 'ordinal',
  EMOJI: 'emoji',
  EMOTICON: 'emoticon',
};

/** Tokens inside these entities are not keywords: "march" in "3 March 2024" says nothing about the topic. */
const entityTypesHidingWords = new Set([
  'DATE',
  'TIME',
  'DURATION',
  'MONEY',
  'PERCENT',
  'CARDINAL',
  'ORDINAL',
]);

const contentParts = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB']);
const phraseParts = new Set(['NOUN', 'PROPN', 'ADJ']);
const phraseHeads = new Set(['NOUN', 'PROPN']);
const longestPhrase = 4;

/**
 * Words wink-nlp does not list as stop words but that carry no topic in reviews, posts and news: reporting verbs,
 * vague adjectives, auxiliaries the tagger sometimes reads as verbs.
 */
const extraStopWords = new Set([
  'be',
  'have',
  'do',
  'get',
  'got',
  'go',
  'say',
  'said',
  'make',
  'thing',
  'lot',
  'way',
  'really',
  'much',
  'many',
  'other',
  'such',
  'same',
  'own',
  'use',
  'want',
  'let',
  'able',
]);

const lettersPattern = /\p{L}/u;
const apostrophePattern = /['’]/;

let shared: WinkMethods | undefined;
/**
 * wink-nlp's pipeline as the engine reads with it, loaded once: sentences, parts of speech and entities. Its
 * negation and sentiment passes are left out (issue 34): the engine's own scorer (sentiment-scorer.ts) reads
 * negation and opinion from the tokens, and the two passes cost about an eighth of `readDoc`.
 */
function pipeline(): WinkMethods {
  shared ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return shared;
}

/** wink-nlp's `its` helpers (what its vectorizer's outputs are asked for with). */
export function winkIts(): WinkMethods['its'] {
  return pipeline().its;
}

/**
 * A name the entity recogniser cannot give: wink-eng-lite-web-model has no person, organisation or place
 * entities, so runs of capitalised proper nouns are reported as `name`, without telling a person from a company
 * or a city. Not names (issue 34, decision 0102): a common English word (one in wink's lexicon) capitalised for
 * opening a sentence or a list item ("Drop", "Bump", "Great"), written in capitals ("BEST"), or standing alone
 * ("Version" of "Standards-Version"); stop words; numbers, dates and amounts (their own kinds).
 */
function isNameToken(pos: string, type: string, letterCase: string, stopWord: boolean): boolean {
  return (
    pos === 'PROPN' &&
    type === 'word' &&
    !stopWord &&
    (letterCase === 'titleCase' || letterCase === 'upperCase')
  );
}

/**
 * The longest run of non-spaces given to wink-nlp whole. Its tokenizer's e-mail pattern backtracks over a run's
 * length squared (a 40,000-character run took 25 s), so longer runs, which are no word, address or tag of any
 * language, are cut into pieces of this length; an address up to it stays one token.
 */
export const longestRun = 256;
const overlongRun = new RegExp(`\\S{${longestRun + 1},}`, 'gu');
const runPiece = new RegExp(`\\S{${longestRun}}`, 'gu');

export function annotateText(text: string): TextAnnotation {
  const nlp = pipeline();
  const its = nlp.its;
  const doc = nlp.readDoc(text.replace(overlongRun, (run) => run.replace(runPiece, '$& ')));
  const tokens = doc.tokens();
  const count = tokens.length();
  const values = tokens.out(its.value) as string[];
  const normals = tokens.out(its.normal) as string[];
  // wink's declarations give `lemma` a third parameter its `out` does not accept; it is called with it.
  // Its lemma is undefined for the contractions its lexicon knows only to expand ("cannot", "dont", "theyre",
  // "isnt"…) when punctuation follows them ("cannot." stays one token): such a token is its own lemma.
  // Proper nouns keep their capitals in wink's lemmas; possessives and contractions keep their apostrophes.
  const lemmas = (
    tokens.out(its.lemma as unknown as ItsFunction<string | undefined>) as (string | undefined)[]
  ).map((lemma, index) =>
    (typeof lemma === 'string' ? lemma : normals[index]!).toLowerCase().replace(/['’]s$/, ''),
  );
  const parts = tokens.out(its.pos) as string[];
  const types = tokens.out(its.type) as string[];
  const stopWords = tokens.out(its.stopWordFlag) as boolean[];
  const cases = tokens.out(its.case) as string[];

  const entities: FoundEntity[] = [];
  const hidden = new Uint8Array(count);
  const winkEntities = doc.entities();
  const details = winkEntities.out(its.detail) as unknown as { value: string; type: string }[];
  const spans = winkEntities.out(its.span) as unknown as [number, number][];
  details.forEach((detail, index) => {
    const type = entityTypeOfWinkType[detail.type];
    if (type) entities.push({ type, value: type === 'hashtag' ? detail.value.toLowerCase() : detail.value });
    const span = spans[index];
    if (span && entityTypesHidingWords.has(detail.type)) hidden.fill(1, span[0], span[1] + 1);
  });

  const sentenceSpans = doc.sentences().out(its.span) as unknown as [number, number][];
  const sentenceStarts = new Set(sentenceSpans.map((s) => s[0]));
  // A sentence's first word, after any bullet, dash or number opening it ("  * Drop patch…", "1. Great…").
  const firstWords = new Set<number>();
  for (const [start, end] of sentenceSpans) {
    for (let i = start; i <= end; i += 1) {
      if (types[i] === 'word') {
        firstWords.add(i);
        break;
      }
    }
  }
  /** Whether a word is a common English word (in wink's lexicon), whatever its capitals. */
  const isCommonWord = (i: number) => !doc.isOOV(normals[i]!);

  const words: string[] = [];
  const hashtags: string[] = [];
  const phrases: string[] = [];
  let phrase: number[] = [];
  let name: number[] = [];

  const closePhrase = () => {
    // A phrase ends at its last noun; longer runs keep their last words (the head and what qualifies it).
    while (phrase.length > 0 && !phraseHeads.has(parts[phrase[phrase.length - 1]!]!)) phrase.pop();
    const kept = phrase.slice(-longestPhrase);
    if (kept.length >= 2) {
      const head = kept[kept.length - 1]!;
      phrases.push([...kept.slice(0, -1).map((i) => normals[i]), lemmas[head]].join(' '));
    }
    phrase = [];
  };
  const closeName = () => {
    // A common word opening the sentence is capitalised for that ("Bump Standards…"): it is not part of the name.
    while (name.length > 0 && firstWords.has(name[0]!) && isCommonWord(name[0]!)) name.shift();
    if (name.length >= 2 || (name.length === 1 && !isCommonWord(name[0]!))) {
      entities.push({ type: 'name', value: name.map((i) => values[i]).join(' ') });
    }
    name = [];
  };

  for (let i = 0; i < count; i += 1) {
    const type = types[i]!;
    const pos = parts[i]!;
    if (type === 'hashtag') hashtags.push(normals[i]!);
    const lemma = lemmas[i]!;
    const isContentWord =
      type === 'word' &&
      hidden[i] === 0 &&
      !stopWords[i] &&
      lemma.length > 1 &&
      lettersPattern.test(lemma) &&
      !apostrophePattern.test(lemma) &&
      !extraStopWords.has(lemma);
    if (isContentWord && contentParts.has(pos)) words.push(lemma);
    if (isContentWord && phraseParts.has(pos) && !sentenceStarts.has(i)) {
      phrase.push(i);
    } else if (isContentWord && phraseParts.has(pos)) {
      closePhrase();
      phrase.push(i);
    } else {
      closePhrase();
    }
    const isName =
      hidden[i] === 0 &&
      isNameToken(pos, type, cases[i]!, stopWords[i]!) &&
      !(cases[i] === 'upperCase' && isCommonWord(i));
    if (isName && !(name.length > 0 && sentenceStarts.has(i))) {
      name.push(i);
    } else {
      closeName();
      if (isName) name.push(i);
    }
  }
  closePhrase();
  closeName();

  const { score, opinionWords } = scoreSentiment({
    values,
    normals,
    lemmas,
    types,
    parts,
    sentences: sentenceSpans,
  });
  return {
    tokens: count,
    sentiment: score,
    opinionWords,
    technical: isTechnicalText(text),
    words,
    hashtags,
    phrases,
    entities,
  };
}
