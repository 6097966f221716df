import { absoluteMediaUrl, firstImage } from './content-image.js';

describe('absoluteMediaUrl', () => {
  it('makes a relative URL absolute against the media base URL', () => {
    expect(absoluteMediaUrl('/uploads/cover.jpg', 'https://cms.dcipher.example')).toBe(
      'https://cms.dcipher.example/uploads/cover.jpg',
    );
    expect(absoluteMediaUrl('uploads/cover.jpg', 'https://cdn.dcipher.example/media/')).toBe(
      'https://cdn.dcipher.example/media/uploads/cover.jpg',
    );
  });

  it('keeps absolute http(s) URLs', () => {
    expect(absoluteMediaUrl('https://cdn.test/a.jpg', 'https://cms.test')).toBe('https://cdn.test/a.jpg');
    expect(absoluteMediaUrl('//cdn.test/a.jpg', 'https://cms.test')).toBe('https://cdn.test/a.jpg');
  });

  it('keeps a relative URL relative without a base URL', () => {
    expect(absoluteMediaUrl('/uploads/cover.jpg')).toBe('/uploads/cover.jpg');
  });

  it('refuses other schemes', () => {
    expect(absoluteMediaUrl('javascript:alert(1)', 'https://cms.test')).toBeUndefined();
    expect(absoluteMediaUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(absoluteMediaUrl('  ')).toBeUndefined();
  });
});

describe('firstImage', () => {
  const media = (url: string, alternativeText: string | null = null) => ({
    url,
    alternativeText,
    width: 1200,
    height: 630,
  });

  it('takes the FIRST image of a media list', () => {
    expect(
      firstImage([media('/uploads/a.jpg', 'A'), media('/uploads/b.jpg', 'B')], 'Title', 'https://cms.test'),
    ).toEqual({
      url: 'https://cms.test/uploads/a.jpg',
      alt: 'A',
      width: 1200,
      height: 630,
    });
  });

  it('accepts a single media file', () => {
    expect(firstImage(media('/uploads/a.jpg', 'A'), 'Title')?.url).toBe('/uploads/a.jpg');
  });

  it('falls back to the title for missing or blank alt text', () => {
    expect(firstImage([media('/uploads/a.jpg')], 'Title')?.alt).toBe('Title');
    expect(firstImage([media('/uploads/a.jpg', '  ')], 'Title')?.alt).toBe('Title');
  });

  it('leaves out unknown dimensions', () => {
    expect(firstImage({ url: '/uploads/a.jpg' }, 'Title')).toEqual({ url: '/uploads/a.jpg', alt: 'Title' });
  });

  it('gives undefined without a usable image', () => {
    expect(firstImage(null, 'Title')).toBeUndefined();
    expect(firstImage(undefined, 'Title')).toBeUndefined();
    expect(firstImage([], 'Title')).toBeUndefined();
    expect(firstImage([media('javascript:alert(1)')], 'Title')).toBeUndefined();
  });
});
