import { franc } from 'franc-min';

/** What the engine answers when a text is too short or unclear to tell. */
export const undeterminedLanguage = 'und';

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
function looksEnglish(text: string): boolean {
  let words = 0;
  let hits = 0;
  const distinct = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(wordPattern)) {
    words += 1;
    if (englishWords.has(word)) {
      hits += 1;
      distinct.add(word);
    }
  }
  return hits >= 3 && distinct.size >= 2 && hits >= words * 0.2;
}

/** Texts are judged on their first characters: enough for franc's trigrams, and bounded in time. */
const sampleLength = 600;

/**
 * The language of a text: English when its common words say so, else by character trigrams (franc-min). Texts
 * under 20 characters answer `und`: below that the guess is mostly noise.
 */
export function detectLanguage(text: string): string {
  // Addresses, handles and tags are not words of any language. The pattern backtracks over each run of non-spaces
  // (`\S+@`), so it is given a bounded head of the text: over a whole 100,000-character word it took seconds.
  const head = text.length > sampleLength * 4 ? text.slice(0, sampleLength * 4) : text;
  const words = head.replace(/(https?:\/\/|www\.)\S+|[@#][\p{L}\p{N}_]+|\S+@\S+/gu, ' ');
  const sample = words.length > sampleLength ? words.slice(0, sampleLength) : words;
  if (sample.trim().length < 20) return undeterminedLanguage;
  if (looksEnglish(sample)) return 'en';
  const detected = franc(sample, { minLength: 20 });
  return detected === 'und' ? undeterminedLanguage : normaliseLanguageCode(detected);
}
