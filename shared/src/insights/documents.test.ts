import { selectorWords } from './documents.js';

/** The line above a figure's documents says what they have in common, in the reader's words (issue 34 point 6). */
describe('what the documents behind a figure have in common', () => {
  it('names a narrative by its phrase, and a language by its name', () => {
    expect(selectorWords({ kind: 'narrative', narrative: 1, label: 'meetings would help' }, 25)).toBe(
      'are in the narrative “meetings would help”',
    );
    expect(selectorWords({ kind: 'narrative', narrative: 2 }, 1)).toBe('is in narrative 2');
    expect(selectorWords({ kind: 'language', language: 'fr' }, 3)).toBe('are in French');
    expect(selectorWords({ kind: 'language', language: 'und' }, 2)).toBe(
      'are in no language the engine could tell',
    );
  });

  it('agrees with the count', () => {
    expect(selectorWords({ kind: 'term', term: 'boiler' }, 1)).toBe('mentions “boiler”');
    expect(selectorWords({ kind: 'term', term: 'boiler' }, 4)).toBe('mention “boiler”');
  });
});
