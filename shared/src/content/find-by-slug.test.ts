import { findBySlug } from './find-by-slug.js';

describe('findBySlug', () => {
  it('gives the entry with the slug', () => {
    expect(findBySlug([{ slug: 'a' }, { slug: 'b' }], 'b')).toEqual({ slug: 'b' });
  });

  it('gives undefined for an empty list (not found)', () => {
    expect(findBySlug([], 'a')).toBeUndefined();
  });

  it('gives undefined when the list holds only other entries', () => {
    expect(findBySlug([{ slug: 'a' }], 'b')).toBeUndefined();
  });
});
