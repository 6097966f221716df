import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PrerenderedRemoteScreen } from './remote-screen';

// A screen as a remote exposes it: a form whose button navigates through the host.
function LoginForm({ navigate }: { navigate: (to: string) => void }) {
  return (
    <form aria-label="Log in">
      <label>
        Work email <input name="email" />
      </label>
      <button type="button" onClick={() => navigate('/account')}>
        Log in
      </button>
    </form>
  );
}

const frame = (title: string | undefined, content: ReactNode) => (
  <main>
    <h1>{title ?? 'Log in'}</h1>
    {content}
  </main>
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  cleanup();
});

/** The page as the build renders it (the screen given itself), in the document, before any script has run. */
function serverRenderedPage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <PrerenderedRemoteScreen
      load={() => new Promise(() => {})}
      frame={frame}
      retry={jest.fn()}
      navigate={jest.fn()}
      prerendered={LoginForm}
    />,
  );
  document.body.append(container);
  return container;
}

/** The host's screen as the browser bundle has it: no screen of its own, the remote's from `remote`. */
function inTheBrowser(
  remote: Promise<typeof LoginForm>,
  { navigate = jest.fn(), retry = jest.fn() }: { navigate?: () => void; retry?: () => void } = {},
) {
  return <PrerenderedRemoteScreen load={() => remote} frame={frame} retry={retry} navigate={navigate} />;
}

/** Hydrates the page's HTML as the browser does; returns the hydration errors React reports. */
async function hydratePage(container: Element, page: ReactElement): Promise<unknown[]> {
  const hydrationErrors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page, { onRecoverableError: (error) => hydrationErrors.push(error) });
  });
  return hydrationErrors;
}

describe('PrerenderedRemoteScreen', () => {
  it("is the screen itself in the page's HTML, and the remote hydrates that DOM, keeping what was typed", async () => {
    const container = serverRenderedPage();
    const input = screen.getByLabelText<HTMLInputElement>('Work email');
    expect(screen.queryByText('Loading…')).toBeNull();
    input.value = 'early@example.com'; // typed before the remote arrived

    const remote = deferred<typeof LoginForm>();
    const navigate = jest.fn();
    const hydrationErrors = await hydratePage(container, inTheBrowser(remote.promise, { navigate }));
    // The page has hydrated, the remote has not arrived: the server's form is still there, no "Loading…".
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByLabelText('Work email')).toBe(input);

    await act(async () => remote.resolve(LoginForm));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/account'); // the remote's handlers are on the same DOM
    expect(screen.getByLabelText('Work email')).toBe(input);
    expect(input.value).toBe('early@example.com');
    expect(hydrationErrors).toEqual([]);
  });

  it("keeps the server's form when the page around it renders again before the remote arrives", async () => {
    const container = serverRenderedPage();
    const input = screen.getByLabelText<HTMLInputElement>('Work email');
    input.value = 'early@example.com';
    const remote = deferred<typeof LoginForm>();
    let renderAgain!: () => void;
    // A page whose state changes while the remote loads (a store starting, a consent answer), without a transition.
    function Page() {
      const [count, setCount] = useState(0);
      renderAgain = () => setCount(count + 1);
      return inTheBrowser(remote.promise);
    }
    const hydrationErrors = await hydratePage(container, <Page />);
    await act(async () => renderAgain());
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByLabelText('Work email')).toBe(input);
    await act(async () => remote.resolve(LoginForm));
    expect(screen.getByLabelText('Work email')).toBe(input);
    expect(input.value).toBe('early@example.com');
    expect(hydrationErrors).toEqual([]);
  });

  it('replaces the HTML with the failure and a retry when the remote cannot be loaded', async () => {
    const container = serverRenderedPage();
    const remote = deferred<typeof LoginForm>();
    const retry = jest.fn();
    const hydrationErrors = await hydratePage(container, inTheBrowser(remote.promise, { retry }));
    await act(async () => remote.reject(new Error('connection refused')));
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.queryByLabelText('Work email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(hydrationErrors).toEqual([]);
  });

  it('reached without its HTML (client-side navigation), shows "Loading…" in the frame, then the screen', async () => {
    const remote = deferred<typeof LoginForm>();
    render(inTheBrowser(remote.promise));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    await act(async () => remote.resolve(LoginForm));
    expect(screen.getByLabelText('Work email')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('replaces the HTML without hydrating it when the remote shows another screen at this address', async () => {
    const container = serverRenderedPage();
    function InvitationScreen() {
      return <p>Join your team</p>;
    }
    const remote = deferred<typeof LoginForm>();
    const hydrationErrors = await hydratePage(
      container,
      <PrerenderedRemoteScreen
        load={() => remote.promise}
        frame={frame}
        retry={jest.fn()}
        navigate={jest.fn()}
        fits={() => false}
      />,
    );
    expect(screen.queryByLabelText('Work email')).toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => remote.resolve(InvitationScreen as unknown as typeof LoginForm));
    expect(screen.getByText('Join your team')).toBeTruthy();
    expect(hydrationErrors).toEqual([]);
  });
});
