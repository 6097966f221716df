/** @jest-environment node */
import { join } from 'node:path';
import {
  browserPrerenderStandIn,
  remotePrerenderAlias,
  remotePrerenderModule,
} from './remote-prerender-config.mjs';

it("resolves the remote's prerender module to the stand-in in the browser's build stages", () => {
  for (const stage of ['build-javascript', 'develop']) {
    expect(remotePrerenderAlias(stage, '/site')).toEqual({
      resolve: {
        alias: {
          '@dcipher/account-remote/prerender$': join('/site', 'src', 'first-view', 'prerender-in-browser.ts'),
        },
      },
    });
  }
});

it("leaves the HTML renderer's stages to import the remote's own module", () => {
  for (const stage of ['build-html', 'develop-html'])
    expect(remotePrerenderAlias(stage, '/site')).toEqual({});
});

it('names the module the login page imports, and a stand-in that exists and renders nothing', async () => {
  const { readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const siteDirectory = join(__dirname, '..', '..');
  expect(readFileSync(join(siteDirectory, 'src', 'pages', 'login.tsx'), 'utf8')).toContain(
    `from '${remotePrerenderModule}'`,
  );
  const standIn = await import(browserPrerenderStandIn(siteDirectory));
  expect(standIn.PrerenderedLogin).toBeUndefined();
});
