import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import type { EntityType, FoundEntity, SentimentLabel } from './analysis-results.js';
import { boundedMemo, memoLimit } from './bounded-memo.js';
import {
  isTechnicalText,
  scoreSentiment,
  sentimentSettings,
  type WordFacts,
  wordFactsOf,
} from './sentiment-scorer.js';

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

/** Whether a UTF-16 code unit is white space as `\s` reads it. */
function isSpace(code: number): boolean {
  return code <= 32
    ? code === 32 || (code >= 9 && code <= 13)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}

/**
 * The text as given to wink-nlp: runs of more than `longestRun` non-spaces cut into pieces. A text whose runs are
 * all short (counted in code units, so never fewer than its characters) is given as it is, without the search.
 * Such a run covers at least one position that is a multiple of `longestRun`, so only the runs through those
 * positions are measured (a few characters each in prose), not every character (issue 34 point 8).
 */
function withoutOverlongRuns(text: string): string {
  if (text.length <= longestRun) return text;
  for (let at = 0; at < text.length; at += longestRun) {
    if (isSpace(text.charCodeAt(at))) continue;
    let start = at;
    while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start -= 1;
    let end = at + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end += 1;
    if (end - start > longestRun) return text.replace(overlongRun, (found) => found.replace(runPiece, '$& '));
  }
  return text;
}

/**
 * What a lemma says about being a keyword, computed once per distinct raw lemma (issue 34, speed): its lower-cased
 * form without a possessive `'s`, and whether that form can be a content word (two characters or more, a letter,
 * no apostrophe, not one of the extra stop words). The memo is emptied when it grows past `memoLimit` entries.
 */
interface LemmaFacts {
  lemma: string;
  mayBeContent: boolean;
}
const possessive = /['’]s$/;

const factsOfLemma = boundedMemo((raw: string): LemmaFacts => {
  const lemma = raw.toLowerCase().replace(possessive, '');
  return {
    lemma,
    mayBeContent:
      lemma.length > 1 &&
      lettersPattern.test(lemma) &&
      !apostrophePattern.test(lemma) &&
      !extraStopWords.has(lemma),
  };
});

/**
 * What wink-nlp says of a lexeme, asked once per lexeme (issue 34 point 8). A token that is not part of a
 * contraction is its lexeme (`its.uniqueId`, an index into the model's vocabulary, which only grows as unknown
 * words are added): its text, normal form, type, letter case and stop-word flag follow from it, and its lemma from
 * it and its part of speech (wink lemmatises a word by its normal form, its part of speech and the model's own
 * vocabulary, never the words it added). So each is asked of wink once per lexeme, or lexeme and part of speech,
 * not once per token: a token costs a map look-up instead of five calls into wink's packed lexicon. A contraction's
 * parts ("ca" and "n't" of "can't") take their normal form and lemma from the expansion, so they are asked each
 * time. The memo is emptied when it grows past `memoLimit` lexemes.
 */
interface LexemeFacts {
  value: string;
  normal: string;
  type: string;
  letterCase: string;
  stopWord: boolean;
  /** What the sentiment scorer asks of its normal form. */
  sentiment: WordFacts;
  /** The lemma's facts by part of speech, filled as each is met. */
  lemmaByPart: Record<string, LemmaFacts>;
}
const lexemeFacts = new Map<number, LexemeFacts>();

type WinkToken = ReturnType<ReturnType<ReturnType<WinkMethods['readDoc']>['tokens']>['itemAt']>;

function askedFacts(item: WinkToken, its: WinkMethods['its']): LexemeFacts {
  const normal = item.out(its.normal) as string;
  return {
    value: item.out(its.value) as string,
    normal,
    type: item.out(its.type) as string,
    letterCase: item.out(its.case) as string,
    stopWord: item.out(its.stopWordFlag) as boolean,
    sentiment: wordFactsOf(normal),
    lemmaByPart: Object.create(null) as Record<string, LemmaFacts>,
  };
}

/**
 * wink's lemma, through `factsOfLemma`. Its lemma is undefined for the contractions its lexicon knows only to
 * expand ("cannot", "dont", "theyre", "isnt"…) when punctuation follows them ("cannot." stays one token): such a
 * token is its own lemma. Proper nouns keep their capitals in wink's lemmas; possessives and contractions keep
 * their apostrophes. (wink's declarations give `lemma` a third parameter its `out` does not accept.)
 */
function askedLemma(item: WinkToken, its: WinkMethods['its'], normal: string): LemmaFacts {
  const lemma = item.out(its.lemma as unknown as ItsFunction<string | undefined>) as string | undefined;
  return factsOfLemma(typeof lemma === 'string' ? lemma : normal);
}

/** A token's flags, bits of one byte per token. */
const mayBeContent = 1;
const stopWord = 2;
const hidden = 4;
const sentenceStart = 8;
const firstWord = 16;

/** One document's tokens as the phrase and name runs read them. */
interface Reading {
  doc: ReturnType<WinkMethods['readDoc']>;
  values: string[];
  normals: string[];
  lemmas: string[];
  parts: string[];
  /** 1 where a token opens a sentence's first word (after any bullet, dash or number). */
  /** Each token's flags (`mayBeContent`, `stopWord`, `hidden`, `sentenceStart`, `firstWord`). */
  flags: Uint8Array;
  phrases: string[];
  entities: FoundEntity[];
}

/** Whether a word is a common English word (in wink's lexicon), whatever its capitals. */
function isCommonWord(reading: Reading, i: number): boolean {
  return !reading.doc.isOOV(reading.normals[i]!);
}

/** Closes a noun phrase run: it ends at its last noun; longer runs keep their last words. */
function closePhrase(reading: Reading, phrase: number[]): void {
  let end = phrase.length;
  while (end > 0 && !phraseHeads.has(reading.parts[phrase[end - 1]!]!)) end -= 1;
  const start = Math.max(0, end - longestPhrase);
  if (end - start >= 2) {
    let text = '';
    for (let j = start; j < end - 1; j += 1) text += `${reading.normals[phrase[j]!]!} `;
    reading.phrases.push(text + reading.lemmas[phrase[end - 1]!]!);
  }
  phrase.length = 0;
}

/** Closes a name run; a common word opening the sentence is capitalised for that ("Bump Standards…"). */
function closeName(reading: Reading, name: number[]): void {
  let start = 0;
  while (
    start < name.length &&
    (reading.flags[name[start]!]! & firstWord) !== 0 &&
    isCommonWord(reading, name[start]!)
  )
    start += 1;
  const length = name.length - start;
  if (length >= 2 || (length === 1 && !isCommonWord(reading, name[start]!))) {
    let value = reading.values[name[start]!]!;
    for (let j = start + 1; j < name.length; j += 1) value += ` ${reading.values[name[j]!]!}`;
    reading.entities.push({ type: 'name', value });
  }
  name.length = 0;
}

export function annotateText(text: string): TextAnnotation {
  const nlp = pipeline();
  const its = nlp.its;
  const doc = nlp.readDoc(withoutOverlongRuns(text));
  const tokens = doc.tokens();
  const count = tokens.length();
  const ids = tokens.out(its.uniqueId) as number[];
  const contractionParts = tokens.out(its.contractionFlag) as boolean[];
  const parts = tokens.out(its.pos) as string[];
  const values = new Array<string>(count);
  const normals = new Array<string>(count);
  const lemmas = new Array<string>(count);
  const types = new Array<string>(count);
  const cases = new Array<string>(count);
  const wordFacts = new Array<WordFacts>(count);
  const flags = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const part = parts[i]!;
    let facts: LexemeFacts;
    let lemma: LemmaFacts;
    if (contractionParts[i]) {
      const item = tokens.itemAt(i);
      facts = askedFacts(item, its);
      lemma = askedLemma(item, its, facts.normal);
    } else {
      const id = ids[i]!;
      let item: WinkToken | undefined;
      let known = lexemeFacts.get(id);
      if (known === undefined) {
        item = tokens.itemAt(i);
        known = askedFacts(item, its);
        if (lexemeFacts.size >= memoLimit) lexemeFacts.clear();
        lexemeFacts.set(id, known);
      }
      facts = known;
      let partLemma = facts.lemmaByPart[part];
      if (partLemma === undefined) {
        partLemma = askedLemma(item ?? tokens.itemAt(i), its, facts.normal);
        facts.lemmaByPart[part] = partLemma;
      }
      lemma = partLemma;
    }
    values[i] = facts.value;
    normals[i] = facts.normal;
    lemmas[i] = lemma.lemma;
    types[i] = facts.type;
    cases[i] = facts.letterCase;
    wordFacts[i] = facts.sentiment;
    flags[i] = (lemma.mayBeContent ? mayBeContent : 0) | (facts.stopWord ? stopWord : 0);
  }

  const entities: FoundEntity[] = [];
  const winkEntities = doc.entities();
  const details = winkEntities.out(its.detail) as unknown as { value: string; type: string }[];
  const spans = winkEntities.out(its.span) as unknown as [number, number][];
  for (let index = 0; index < details.length; index += 1) {
    const detail = details[index]!;
    const type = entityTypeOfWinkType[detail.type];
    if (type) entities.push({ type, value: type === 'hashtag' ? detail.value.toLowerCase() : detail.value });
    const span = spans[index];
    if (span && entityTypesHidingWords.has(detail.type)) {
      for (let i = span[0]; i <= span[1]; i += 1) flags[i]! |= hidden;
    }
  }

  const sentenceSpans = doc.sentences().out(its.span) as unknown as [number, number][];
  // A sentence's first word, after any bullet, dash or number opening it ("  * Drop patch…", "1. Great…").
  for (let s = 0; s < sentenceSpans.length; s += 1) {
    const [start, end] = sentenceSpans[s]!;
    flags[start]! |= sentenceStart;
    for (let i = start; i <= end; i += 1) {
      if (types[i] === 'word') {
        flags[i]! |= firstWord;
        break;
      }
    }
  }

  const words: string[] = [];
  const hashtags: string[] = [];
  const phrases: string[] = [];
  const reading: Reading = { doc, values, normals, lemmas, parts, flags, phrases, entities };
  const phrase: number[] = [];
  const name: number[] = [];

  for (let i = 0; i < count; i += 1) {
    const type = types[i]!;
    const pos = parts[i]!;
    if (type === 'hashtag') hashtags.push(normals[i]!);
    const flag = flags[i]!;
    const isContentWord = type === 'word' && (flag & (mayBeContent | stopWord | hidden)) === mayBeContent;
    if (isContentWord && contentParts.has(pos)) words.push(lemmas[i]!);
    if (isContentWord && phraseParts.has(pos)) {
      if ((flag & sentenceStart) !== 0) closePhrase(reading, phrase);
      phrase.push(i);
    } else if (phrase.length > 0) {
      closePhrase(reading, phrase);
    }
    const isName =
      (flag & hidden) === 0 &&
      isNameToken(pos, type, cases[i]!, (flag & stopWord) !== 0) &&
      !(cases[i] === 'upperCase' && isCommonWord(reading, i));
    if (isName && !(name.length > 0 && (flag & sentenceStart) !== 0)) {
      name.push(i);
    } else {
      if (name.length > 0) closeName(reading, name);
      if (isName) name.push(i);
    }
  }
  if (phrase.length > 0) closePhrase(reading, phrase);
  if (name.length > 0) closeName(reading, name);

  const { score, opinionWords } = scoreSentiment({
    values,
    normals,
    lemmas,
    types,
    parts,
    sentences: sentenceSpans,
    text,
    facts: wordFacts,
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
