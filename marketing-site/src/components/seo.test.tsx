import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iconHref } from './seo';

describe('the head of every page', () => {
  it('carries the site icon itself, the same drawing as static/favicon.svg (nothing fetched for it)', () => {
    const file = readFileSync(join(__dirname, '..', '..', 'static', 'favicon.svg'), 'utf8').trim();
    expect(iconHref.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(iconHref.slice('data:image/svg+xml,'.length))).toBe(file);
  });
});
