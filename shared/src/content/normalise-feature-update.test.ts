import { normaliseFeatureUpdate } from './normalise-feature-update.js';
import type { RawFeatureUpdate } from './raw-schemas.js';

const update: RawFeatureUpdate = {
  title: 'Scheduled workflows',
  abstract: 'Run any workflow daily, weekly or monthly.',
  body: '- Pick a frequency\n- Get the report by email',
  publishedAt: '2026-02-10T12:00:00.000Z',
  versionName: '2026.02',
  slug: 'scheduled-workflows',
};

describe('normaliseFeatureUpdate', () => {
  it('renders the body and keeps the version name', () => {
    expect(normaliseFeatureUpdate(update)).toEqual({
      slug: 'scheduled-workflows',
      title: 'Scheduled workflows',
      abstract: 'Run any workflow daily, weekly or monthly.',
      versionName: '2026.02',
      html: '<ul>\n<li>Pick a frequency</li>\n<li>Get the report by email</li>\n</ul>\n',
      excerpt: 'Run any workflow daily, weekly or monthly.',
      publishedAt: '2026-02-10T12:00:00.000Z',
    });
  });

  it('has an image only when the CMS gives one (optional)', () => {
    expect(normaliseFeatureUpdate(update)).not.toHaveProperty('image');
    expect(normaliseFeatureUpdate({ ...update, image: null })).not.toHaveProperty('image');
    const withImage = normaliseFeatureUpdate(
      { ...update, image: [{ url: '/uploads/u.jpg', alternativeText: null }] },
      { mediaBaseUrl: 'https://cms.test' },
    );
    expect(withImage.image).toEqual({ url: 'https://cms.test/uploads/u.jpg', alt: 'Scheduled workflows' });
  });

  it('falls back to createdAt when publishedAt is null', () => {
    expect(
      normaliseFeatureUpdate({ ...update, publishedAt: null, createdAt: '2026-02-01T00:00:00.000Z' })
        .publishedAt,
    ).toBe('2026-02-01T00:00:00.000Z');
    expect(normaliseFeatureUpdate({ ...update, publishedAt: null })).not.toHaveProperty('publishedAt');
  });
});
