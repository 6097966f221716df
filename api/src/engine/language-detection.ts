import { francAll } from 'franc-min';

/** What the engine answers when a text is too short or unclear to tell. */
export const undeterminedLanguage = 'und';

/** The language the default engine reads (its model, stop words and lexicons are English): expected when no filter says otherwise. */
export const engineLanguage = 'en';

/**
 * franc-min's languages (ISO 639-3) to ISO 639-1, for those that have a two-letter code; the others keep their
 * three-letter code. franc-min knows the 82 languages with 8 million speakers or more.
 */
const iso6391ByIso6393: Record<string, string> = {
  amh: 'am',
  arb: 'ar',
  azj: 'az',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bul: 'bg',
  ces: 'cs',
  ckb: 'ku',
  cmn: 'zh',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  fra: 'fr',
  fuv: 'ff',
  guj: 'gu',
  hau: 'ha',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  jpn: 'ja',
  kan: 'kn',
  kaz: 'kk',
  kin: 'rw',
  koi: 'kv',
  kor: 'ko',
  lin: 'ln',
  mal: 'ml',
  mar: 'mr',
  mya: 'my',
  nld: 'nl',
  npi: 'ne',
  nya: 'ny',
  pan: 'pa',
  pbu: 'ps',
  pes: 'fa',
  plt: 'mg',
  pol: 'pl',
  por: 'pt',
  qug: 'qu',
  ron: 'ro',
  run: 'rn',
  rus: 'ru',
  sin: 'si',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  tam: 'ta',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  zul: 'zu',
  zyb: 'za',
};

/** A language code as the engine reports it: ISO 639-1 where one exists, lower case; `und` for nothing usable. */
export function normaliseLanguageCode(code: string): string {
  const lower = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (lower.length === 2) return lower;
  if (lower.length === 3) return iso6391ByIso6393[lower] ?? lower;
  return undeterminedLanguage;
}

/** Whether a filter's value is a language code the engine can compare with (two or three letters). */
export function isLanguageCode(code: string): boolean {
  return /^[a-z]{2,3}([-_][a-z0-9]+)?$/i.test(code.trim());
}

/**
 * Words only English uses often (words shared with other languages' common words — in, a, on, die, is, at, i — are
 * left out): the default engine's model is English, and most of what it reads is, so an English text is
 * recognised by them before franc is asked (franc compares every text with some 50 alphabets' trigram profiles,
 * which costs more than everything else the engine does to a document).
 */
const englishWords = new Set(
  (
    'the and of that it for with was are this have not but by from they we you he she my our their has had were ' +
    'will would there what which who about can just very all or been being do does did your his her its them ' +
    'these those than then when where why how because into out up more some any only also after before me us'
  ).split(' '),
);
const wordPattern = /\p{L}+/gu;

/** At least three English words, two of them different, making a fifth of the text's words. */
/** Whether one character (a code point) is a letter: plain ASCII is told without the Unicode pattern. */
const letterPattern = /\p{L}/u;
const longestEnglishWord = Math.max(...[...englishWords].map((word) => word.length));

/**
 * Calls `onWord(start, end)` for each run of letters (`\p{L}+`) of `text`, and answers how many letters it holds:
 * what `text.matchAll(/\p{L}+/gu)` and `text.match(/\p{L}/gu).length` tell, without an array or a match object
 * per word (issue 34, speed).
 */
function scanLetters(text: string, onWord?: (start: number, end: number) => void): number {
  let letters = 0;
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    let width = 1;
    let letter: boolean;
    if (code < 128) letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
    else {
      const point = text.codePointAt(i)!;
      if (point > 0xffff) width = 2;
      letter = letterPattern.test(String.fromCodePoint(point));
    }
    if (letter) {
      letters += 1;
      if (start < 0) start = i;
    } else if (start >= 0) {
      onWord?.(start, i);
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0) onWord?.(start, text.length);
  return letters;
}

function looksEnglish(text: string): boolean {
  let words = 0;
  let hits = 0;
  const distinct = new Set<string>();
  const lower = text.toLowerCase();
  scanLetters(lower, (start, end) => {
    words += 1;
    if (end - start > longestEnglishWord) return;
    const word = lower.slice(start, end);
    if (englishWords.has(word)) {
      hits += 1;
      distinct.add(word);
    }
  });
  return hits >= 3 && distinct.size >= 2 && hits >= words * 0.2;
}

/** Texts are judged on their first characters: enough for franc's trigrams, and bounded in time. */
const sampleLength = 600;

/**
 * What franc may answer (ISO 639-3): the languages the product's customers write in, by script. franc-min also
 * knows some 50 other languages (Hausa, Javanese, Tagalog, Sundanese, Ilocano…) whose trigram profiles catch short
 * technical English ("Drop patch applied upstream" read as French, "New upstream release" as Romanian); leaving
 * them out is franc's own `only` option (decision 0101).
 */
export const candidateLanguages = [
  ...[
    'eng',
    'deu',
    'fra',
    'spa',
    'ita',
    'por',
    'nld',
    'swe',
    'pol',
    'ces',
    'ron',
    'hun',
    'tur',
    'ind',
    'vie',
  ],
  ...[
    'rus',
    'ukr',
    'bul',
    'ell',
    'arb',
    'pes',
    'urd',
    'hin',
    'ben',
    'cmn',
    'jpn',
    'kor',
    'tha',
    'tam',
    'tel',
  ],
] as const;
const iso6393ByIso6391 = Object.fromEntries(
  Object.entries(iso6391ByIso6393).map(([three, two]) => [two, three]),
) as Record<string, string>;

/** The thresholds of `detectLanguage` (decision 0101: chosen on the tuning half of its test sets). */
export const languageDetectionSettings = {
  /** Fewer letters than this (after addresses, handles and tags are removed): nothing to judge, `und`. */
  fewestLetters: 3,
  /**
   * Fewer letters than this: franc's trigrams are mostly noise (a third of short English is misfiled), so the
   * expected language stands when one is given, and `und` is answered when none is.
   */
  shortestJudged: 40,
  /**
   * franc's scores are relative (1 for its first guess): the expected language stands unless its score is below
   * the first guess's by more than this margin, which narrows as the text grows (trigram scores of long texts sit
   * close together) — `margin = marginAt40 × √(40 / letters)`.
   */
  marginAt40: 0.3,
  /** The margin never narrows below this. */
  smallestMargin: 0.03,
} as const;

/**
 * The most common words of the other languages franc is most often wrong about, that English does not use: a text
 * franc gives to one of these languages keeps franc's answer, whatever the margin, when at least two of its words
 * are that language's (and outnumber the English ones).
 */
const commonWordsOf: Record<string, Set<string>> = Object.fromEntries(
  Object.entries({
    deu: 'der die das und ist nicht ein eine einen mit für von zu den dem des auf sich auch ich sie wir werden wird kann sind oder bei nach wenn noch wie über aus bitte',
    fra: 'de le la les des et est une du pour dans pas que qui sur au aux ce cette sont avec ou vous nous il elle ne être peut plus fichier été',
    spa: 'de el los las del y es una por para con que se lo como más pero sus al está este esta ser puede archivo no',
    ita: 'il lo gli della delle di che è non per una sono con del alla questo questa essere può file nella',
    por: 'de os das dos não uma para com que se é do da em ao está este esta ser pode arquivo ficheiro',
    nld: 'de het een en van niet is dat met voor op zijn wordt kan naar deze bij ook worden bestand',
    swe: 'och att det som är inte en ett för med på av till kan den har vara filen',
    ron: 'și în de la nu este un o cu pentru care se din pe sau fișierul',
    pol: 'nie się jest na do że z w i o jak dla lub być może pliku',
  }).map(([language, words]) => [language, new Set(words.split(' '))]),
);

/** Latin letters with diacritics (é, ü, ñ, ç, å, ș…): English writes them only in borrowed words and names. */
const accentedLatin = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]/gu;

/**
 * Whether the text shows signs of franc's language that English does not have: two of its common words
 * outnumbering the English ones, or two accented letters.
 */
function looksLike(text: string, language: string): boolean {
  const words = commonWordsOf[language];
  if (!words) return true; // another script or a language with no list: franc is trusted
  if ((text.match(accentedLatin)?.length ?? 0) >= 2) return true;
  let hits = 0;
  let english = 0;
  for (const [word] of text.toLowerCase().matchAll(wordPattern)) {
    if (words.has(word)) hits += 1;
    else if (englishWords.has(word)) english += 1;
  }
  return hits >= 2 && hits > english;
}

export interface LanguageDetectionOptions {
  /**
   * The language the text is expected in (ISO 639-1 or 639-3): the language filter's, else the engine's (English).
   * It stands for texts too short to judge and wherever franc's guess is not clearly better.
   */
  expected?: string | undefined;
}

/**
 * The language of a text (ISO 639-1 where a code exists). English when its common words say so; else franc-min's
 * character trigrams over the candidate languages, where the expected language stands for short texts and for
 * guesses within the margin. `und` when the text has (almost) no letters, or is short with no expected language.
 */
export function detectLanguage(text: string, options: LanguageDetectionOptions = {}): string {
  const settings = languageDetectionSettings;
  // Addresses, handles and tags are not words of any language. The pattern backtracks over each run of non-spaces
  // (`\S+@`), so it is given a bounded head of the text: over a whole 100,000-character word it took seconds.
  const head = text.length > sampleLength * 4 ? text.slice(0, sampleLength * 4) : text;
  // (A text with no "@", "#", "http" or "www." has none: it is not searched.)
  const words =
    head.includes('@') || head.includes('#') || head.includes('http') || head.includes('www.')
      ? head.replace(/(https?:\/\/|www\.)\S+|[@#][\p{L}\p{N}_]+|\S+@\S+/gu, ' ')
      : head;
  const sample = words.length > sampleLength ? words.slice(0, sampleLength) : words;
  const letters = scanLetters(sample);
  const expected = options.expected === undefined ? undefined : normaliseLanguageCode(options.expected);
  const expectedOrUnknown =
    expected === undefined || expected === undeterminedLanguage ? undeterminedLanguage : expected;
  if (letters < settings.fewestLetters) return undeterminedLanguage;
  if (looksEnglish(sample)) return 'en';
  if (letters < settings.shortestJudged) return expectedOrUnknown;
  const guesses = francAll(sample, { minLength: 1, only: [...candidateLanguages] });
  const [first] = guesses;
  if (!first || first[0] === 'und') return expectedOrUnknown;
  const guessed = normaliseLanguageCode(first[0]);
  if (expected === undefined || guessed === expected) return guessed;
  const expectedCode = iso6393ByIso6391[expected] ?? expected;
  const expectedScore = guesses.find(([code]) => code === expectedCode)?.[1] ?? 0;
  const margin = Math.max(
    settings.smallestMargin,
    settings.marginAt40 * Math.sqrt(settings.shortestJudged / letters),
  );
  if (1 - expectedScore <= margin && !looksLike(sample, first[0])) return expected;
  return guessed;
}
