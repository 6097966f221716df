/** @jest-environment node */
import { join } from 'node:path';
import { stagedEntry, withStagedEntry } from './staged-entry-config.mjs';

const gatsbyConfig = () => ({
  entry: { app: '/site/.cache/production-app', polyfill: '/site/.cache/polyfill-entry' },
  mode: 'production',
});

it("replaces the browser bundle's app entry with the staged one, keeping the other entries", () => {
  const config = withStagedEntry(gatsbyConfig(), 'build-javascript', '/site');
  expect(config.entry).toEqual({
    app: join('/site', 'src', 'first-view', 'staged-entry.js'),
    polyfill: '/site/.cache/polyfill-entry',
  });
  expect(config.mode).toBe('production');
});

it('leaves the HTML renderer and development builds as Gatsby made them', () => {
  for (const stage of ['build-html', 'develop', 'develop-html']) {
    expect(withStagedEntry(gatsbyConfig(), stage, '/site')).toEqual(gatsbyConfig());
  }
});

it('points at the entry this package ships', () => {
  const { existsSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  expect(existsSync(stagedEntry(join(__dirname, '..', '..')))).toBe(true);
});
