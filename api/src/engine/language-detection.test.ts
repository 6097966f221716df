// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectLanguage, isLanguageCode, normaliseLanguageCode } from './language-detection.js';

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

  it('compares codes however they are written', () => {
    assert.equal(normaliseLanguageCode('eng'), 'en');
    assert.equal(normaliseLanguageCode('EN-gb'), 'en');
    assert.equal(normaliseLanguageCode('ceb'), 'ceb');
    assert.ok(isLanguageCode('pt-BR'));
    assert.ok(!isLanguageCode('English'));
  });
});
