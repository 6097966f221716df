import { companyFacts } from '../domain/company-facts.js';
import {
  displayDate,
  normaliseBlogPost,
  normaliseCustomerSuccessStory,
  normalisePressArticle,
  normaliseTags,
  pressReleaseContent,
  publishedDate,
} from './normalise-article.js';
import type { RawBlogPost, RawPressArticle } from './raw-schemas.js';

const blogPost: RawBlogPost = {
  id: 7,
  documentId: 'k2l8x1',
  title: 'Reading open-ended survey answers at scale',
  abstract: 'How theme detection turns 10,000 comments into a ranked list of reasons.',
  content: '## Why open ends matter\n\nScores tell you *what*; comments tell you **why**.',
  createdAt: '2025-03-02T09:00:00.000Z',
  publishedAt: '2025-03-04T08:30:00.000Z',
  overridePublishedAt: null,
  slug: 'open-ended-survey-answers',
  tags: ['surveys', 'text analysis'],
  image: [{ url: '/uploads/cover.jpg', alternativeText: 'Bars of themes', width: 1200, height: 630 }],
};

describe('publishedDate', () => {
  it('is publishedAt when set', () => {
    expect(publishedDate(blogPost)).toBe('2025-03-04T08:30:00.000Z');
  });

  it('falls back to createdAt when publishedAt is null (a draft in preview)', () => {
    expect(publishedDate({ ...blogPost, publishedAt: null })).toBe('2025-03-02T09:00:00.000Z');
  });
});

describe('displayDate', () => {
  it('is overridePublishedAt when set', () => {
    expect(displayDate({ ...blogPost, overridePublishedAt: '2024-11-15' })).toBe('2024-11-15');
  });

  it('is publishedAt without an override', () => {
    expect(displayDate(blogPost)).toBe('2025-03-04T08:30:00.000Z');
  });

  it('is createdAt without an override or publishedAt', () => {
    expect(displayDate({ ...blogPost, publishedAt: null, overridePublishedAt: undefined })).toBe(
      '2025-03-02T09:00:00.000Z',
    );
  });
});

describe('normaliseTags', () => {
  it('defaults to [] when the CMS has none', () => {
    expect(normaliseTags(null)).toEqual([]);
    expect(normaliseTags(undefined)).toEqual([]);
  });

  it('drops blank tags and trims the rest', () => {
    expect(normaliseTags([' surveys ', '', '  '])).toEqual(['surveys']);
  });
});

describe('normaliseBlogPost', () => {
  it('gives a ready-to-render article', () => {
    expect(normaliseBlogPost(blogPost, { mediaBaseUrl: 'https://cms.dcipher.example' })).toEqual({
      kind: 'blog-post',
      slug: 'open-ended-survey-answers',
      title: 'Reading open-ended survey answers at scale',
      abstract: 'How theme detection turns 10,000 comments into a ranked list of reasons.',
      html: '<h2>Why open ends matter</h2>\n<p>Scores tell you <em>what</em>; comments tell you <strong>why</strong>.</p>\n',
      excerpt: 'How theme detection turns 10,000 comments into a ranked list of reasons.',
      readingMinutes: 1,
      createdAt: '2025-03-02T09:00:00.000Z',
      publishedAt: '2025-03-04T08:30:00.000Z',
      displayDate: '2025-03-04T08:30:00.000Z',
      tags: ['surveys', 'text analysis'],
      image: {
        url: 'https://cms.dcipher.example/uploads/cover.jpg',
        alt: 'Bars of themes',
        width: 1200,
        height: 630,
      },
    });
  });

  it('defaults null tags to []', () => {
    expect(normaliseBlogPost({ ...blogPost, tags: null }).tags).toEqual([]);
  });

  it('leaves the image out when there is none', () => {
    expect(normaliseBlogPost({ ...blogPost, image: null })).not.toHaveProperty('image');
  });

  it('uses the title as alt text when the image has none', () => {
    const image = [{ url: '/uploads/cover.jpg', alternativeText: null }];
    expect(normaliseBlogPost({ ...blogPost, image }).image?.alt).toBe(blogPost.title);
  });

  it('makes the excerpt from the content when there is no abstract', () => {
    expect(normaliseBlogPost({ ...blogPost, abstract: null }).excerpt).toBe(
      'Why open ends matter Scores tell you what; comments tell you why.',
    );
  });

  it('sanitises the content', () => {
    const html = normaliseBlogPost({ ...blogPost, content: 'Hi <script>alert(1)</script>' }).html;
    expect(html).toBe('<p>Hi </p>\n');
  });
});

describe('normaliseCustomerSuccessStory', () => {
  it('has the success-story kind and tags defaulting to []', () => {
    const story = normaliseCustomerSuccessStory({ ...blogPost, tags: null });
    expect(story.kind).toBe('customer-success-story');
    expect(story.tags).toEqual([]);
  });

  it('keeps the customer it is about and its headline figure, trimmed, and leaves them out when empty', () => {
    const story = normaliseCustomerSuccessStory({
      ...blogPost,
      customerName: ' Kestrelby Research ',
      headlineFigure: '−40% time to final report',
    });
    expect(story.customerName).toBe('Kestrelby Research');
    expect(story.headlineFigure).toBe('−40% time to final report');
    const bare = normaliseCustomerSuccessStory({ ...blogPost, customerName: null, headlineFigure: '  ' });
    expect(bare).not.toHaveProperty('customerName');
    expect(bare).not.toHaveProperty('headlineFigure');
  });
});

describe('normalisePressArticle', () => {
  it('has the press-article kind and no tags', () => {
    const { tags: _tags, ...rest } = blogPost;
    const pressArticle: RawPressArticle = rest;
    const article = normalisePressArticle(pressArticle);
    expect(article.kind).toBe('press-article');
    expect(article.tags).toEqual([]);
  });

  const { tags: _tags, ...pressRelease } = blogPost;

  it('closes with the company facts: "About Dcipher" and the press contact, linked by email', () => {
    const { html } = normalisePressArticle({ ...pressRelease, content: 'Dcipher launched a thing today.' });
    expect(html).toMatch(/^<p>Dcipher launched a thing today\.<\/p>\s*<h2[^>]*>About Dcipher<\/h2>/);
    expect(html).toContain(companyFacts.boilerplate);
    const { name, role, email } = companyFacts.pressContact;
    expect(email).toBe('press@dcipher.io');
    expect(html).toContain(`Press contact: ${name}, ${role}, <a href="mailto:${email}">${email}</a>`);
  });

  it('replaces a section the entry brings itself, such as an old placeholder contact', () => {
    const content =
      'The news.\n\n### About Dcipher\n\nAn old boilerplate.\n\nPress contact: press@dcipher.example\n';
    const { html } = normalisePressArticle({ ...pressRelease, content });
    expect(html).not.toMatch(/old boilerplate|\.example/);
    expect(html.match(/About Dcipher/g)).toHaveLength(1);
    expect(pressReleaseContent(content)).toBe(pressReleaseContent('The news.'));
  });

  it('still closes an empty release with the facts', () => {
    expect(pressReleaseContent(null)).toMatch(/^### About Dcipher\n\n/);
  });
});
