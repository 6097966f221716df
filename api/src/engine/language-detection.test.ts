// engines: any
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { detectLanguage, isLanguageCode, normaliseLanguageCode } from './language-detection.js';

const samples = JSON.parse(
  readFileSync(new URL('./test-corpus/language-samples.json', import.meta.url), 'utf8'),
) as { englishReviews: string[]; englishChangelog: string[]; foreign: [string, string][] };

describe('language detection', () => {
  it('tells common languages apart and answers with two-letter codes', () => {
    assert.equal(
      detectLanguage('The delivery was quick and the support team answered every question.'),
      'en',
    );
    assert.equal(detectLanguage('Le service client était excellent et la livraison très rapide.'), 'fr');
    assert.equal(detectLanguage('Das Produkt ist wirklich schlecht und ich bin sehr enttäuscht.'), 'de');
    assert.equal(detectLanguage('El servicio fue excelente y el personal muy amable con nosotros.'), 'es');
  });

  it('takes the short way for English only when English words make the text', () => {
    assert.equal(detectLanguage('the cat and the dog sleep by the fire'), 'en');
    // Dutch and Polish share a few words with English, not enough of them.
    assert.equal(
      detectLanguage('Het is een goed product en de levering was snel, ik ben er blij mee.'),
      'nl',
    );
    assert.equal(detectLanguage('To jest bardzo dobry produkt, polecam go wszystkim znajomym.'), 'pl');
    assert.equal(detectLanguage('Ich habe das Handy gestern gekauft und es ist wirklich gut.'), 'de');
  });

  it('says undetermined for texts too short to tell, and ignores addresses and tags', () => {
    assert.equal(detectLanguage('Great!'), 'und');
    assert.equal(detectLanguage('#sale @shop https://example.com/a/very/long/path/indeed'), 'und');
  });

  it('does not misfile short reviews or changelog lines when English is expected (issue 34)', () => {
    for (const set of [samples.englishReviews, samples.englishChangelog]) {
      const misfiled = set.filter((text) => detectLanguage(text, { expected: 'en' }) !== 'en');
      // At most 2 %: none of these 40.
      assert.deepEqual(misfiled, []);
    }
  });

  it('still recognises German, French and Spanish sentences when English is expected', () => {
    for (const [language, text] of samples.foreign) {
      assert.equal(detectLanguage(text, { expected: 'en' }), language, text);
    }
  });

  it('keeps und for texts with no words, and for short texts when no language is expected', () => {
    assert.equal(detectLanguage('👍👍 100 %', { expected: 'en' }), 'und');
    assert.equal(detectLanguage('Refresh patches.'), 'und');
    assert.equal(detectLanguage('Refresh patches.', { expected: 'de' }), 'de');
  });

  it('compares codes however they are written', () => {
    assert.equal(normaliseLanguageCode('eng'), 'en');
    assert.equal(normaliseLanguageCode('EN-gb'), 'en');
    assert.equal(normaliseLanguageCode('ceb'), 'ceb');
    assert.ok(isLanguageCode('pt-BR'));
    assert.ok(!isLanguageCode('English'));
  });
});
