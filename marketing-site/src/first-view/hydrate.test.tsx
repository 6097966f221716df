import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydratePage, yieldToBrowser } from './hydrate';

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** A page as Gatsby writes it: #___gatsby > #gatsby-focus-wrapper > the page, rendered on the server. */
function serverRendered(page: JSX.Element): HTMLElement {
  const root = document.createElement('div');
  root.id = '___gatsby';
  root.innerHTML = `<div id="gatsby-focus-wrapper">${renderToString(page)}</div>`;
  document.body.replaceChildren(root);
  return root;
}

const wrapped = (page: JSX.Element) => <div id="gatsby-focus-wrapper">{page}</div>;

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}

const rendered: number[] = [];
/** A part of a page that takes `ms` of main-thread time to render (a big page on a slow phone). */
function Slow({ index, ms }: { index: number; ms: number }) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy, as rendering a large tree is
  }
  if (typeof window !== 'undefined') rendered.push(index);
  return <p>Section {index}</p>;
}

afterEach(() => {
  document.body.replaceChildren();
  rendered.length = 0;
});

describe('hydratePage', () => {
  it("takes over the server's HTML without replacing it, and the page then answers clicks", async () => {
    const root = serverRendered(<Counter />);
    const serverButton = screen.getByRole('button', { name: 'Clicked 0 times' });
    hydratePage(wrapped(<Counter />), root);
    await waitFor(() => {
      fireEvent.click(serverButton);
      expect(serverButton.textContent).not.toBe('Clicked 0 times');
    });
    expect(screen.getByRole('button')).toBe(serverButton);
  });

  it('renders a client-only page, whose HTML shell is empty', async () => {
    const root = document.createElement('div');
    root.id = '___gatsby';
    document.body.replaceChildren(root);
    await act(async () => hydratePage(<Counter />, root));
    expect(await screen.findByRole('button', { name: 'Clicked 0 times' })).toBeTruthy();
  });

  it('lets other work run while a slow page hydrates, instead of blocking until it is done', async () => {
    const sections = Array.from({ length: 20 }, (_, index) => index);
    const page = (
      <main>
        {sections.map((index) => (
          <Slow key={index} index={index} ms={10} />
        ))}
      </main>
    );
    const root = serverRendered(page);
    rendered.length = 0;
    hydratePage(wrapped(page), root);
    // A timer (as an input event or a paint would) gets its turn part-way through hydration.
    const seenByTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(rendered.length), 0));
    expect(seenByTimer).toBeLessThan(sections.length);
    await waitFor(() => expect(rendered.length).toBe(sections.length));
  });
});

describe('yieldToBrowser', () => {
  it('resolves in a later task, not in the microtasks of the current one', async () => {
    let resolved = false;
    const yielded = yieldToBrowser().then(() => {
      resolved = true;
    });
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    await yielded;
    expect(resolved).toBe(true);
  });
});
