import { plainTextExcerpt } from './plain-text-excerpt.js';

describe('plainTextExcerpt', () => {
  it('gives the whole plain text when short enough', () => {
    expect(plainTextExcerpt('Short **abstract**.')).toBe('Short abstract.');
  });

  it('cuts at a word boundary and adds an ellipsis', () => {
    const excerpt = plainTextExcerpt('Open-ended survey answers hold the reasons behind the scores.', 30);
    expect(excerpt).toBe('Open-ended survey answers…');
    expect(excerpt.length).toBeLessThanOrEqual(30);
  });

  it('drops punctuation before the ellipsis', () => {
    expect(plainTextExcerpt('One, two, three, four, five, six', 17)).toBe('One, two, three…');
    expect(plainTextExcerpt('One, two, three, four, five, six', 15)).toBe('One, two…');
  });

  it('cuts inside a very long word rather than giving almost nothing', () => {
    expect(plainTextExcerpt('a supercalifragilisticexpialidocious', 20)).toBe('a supercalifragilis…');
  });
});
