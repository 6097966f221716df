import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';

// gatsby-browser is evaluated in the same task as React and Gatsby's runtime, before the page starts. The page
// wrapper's modules (layout, header, footer, consent) must not be part of that task: they are imported by
// `onClientEntry`, which Gatsby awaits before its first render (docs/decisions/0052).

type GatsbyBrowserModule = typeof import('../../gatsby-browser');
type Wrap = (args: { element: ReactElement }) => ReactElement;

let shellEvaluated = 0;
let authStarted = 0;

function loadGatsbyBrowser(): GatsbyBrowserModule {
  let loaded: GatsbyBrowserModule | undefined;
  jest.isolateModules(() => {
    jest.doMock('./site-shell', () => {
      shellEvaluated += 1;
      return {
        SiteShell: ({ children }: { children: ReactElement }) => <div data-testid="shell">{children}</div>,
      };
    });
    jest.doMock('../auth/start-auth', () => ({
      startAuth: () => {
        authStarted += 1;
      },
    }));
    loaded = require('../../gatsby-browser');
  });
  return loaded as GatsbyBrowserModule;
}

beforeEach(() => {
  shellEvaluated = 0;
  authStarted = 0;
});

it('evaluates the page wrapper only when the client entry starts, then wraps pages in it', async () => {
  const gatsbyBrowser = loadGatsbyBrowser();
  expect(shellEvaluated).toBe(0);

  const started = (gatsbyBrowser.onClientEntry as () => Promise<void>)();
  // Not in the evaluation's task: the entry yields to the browser first.
  await Promise.resolve();
  expect(shellEvaluated).toBe(0);

  await started;
  expect(shellEvaluated).toBe(1);
  expect(authStarted).toBe(1);

  const wrap = gatsbyBrowser.wrapPageElement as unknown as Wrap;
  render(wrap({ element: <p>The page</p> }));
  expect(screen.getByTestId('shell').textContent).toBe('The page');
});
