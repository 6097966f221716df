import { readingMinutes } from './reading-minutes.js';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('readingMinutes', () => {
  it('is words / 200, rounded up', () => {
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
  });

  it('is at least 1, even for an empty text', () => {
    expect(readingMinutes(words(3))).toBe(1);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(null)).toBe(1);
  });

  it('counts words, not markup', () => {
    // "Heading" and 199 words: 200 words, however much markup.
    expect(readingMinutes(`## Heading\n\n${'**[word](https://x.test)** '.repeat(199)}`)).toBe(1);
    expect(readingMinutes(`## Heading\n\n${'**word** '.repeat(200)}`)).toBe(2);
  });
});
