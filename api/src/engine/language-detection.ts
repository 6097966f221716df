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

/** Texts are judged on their first characters: enough for franc's trigrams, and bounded in time. */
const sampleLength = 600;

/**
 * The language of a text by character trigrams (franc-min). Texts under 20 characters answer `und`: below that
 * the guess is mostly noise.
 */
export function detectLanguage(text: string): string {
  // Addresses, handles and tags are not words of any language.
  const words = text.replace(/(https?:\/\/|www\.)\S+|[@#][\p{L}\p{N}_]+|\S+@\S+/gu, ' ');
  const sample = words.length > sampleLength ? words.slice(0, sampleLength) : words;
  const detected = franc(sample, { minLength: 20 });
  return detected === 'und' ? undeterminedLanguage : normaliseLanguageCode(detected);
}
