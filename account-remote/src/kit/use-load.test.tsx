import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLoad } from './contract-query';
import { remoteQueryClient } from './query-client';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Reader({
  load,
  queryKey,
  label = 'reader',
}: {
  load: () => Promise<string>;
  queryKey?: string[];
  label?: string;
}) {
  const { result, reload } = useLoad({ queryKey: queryKey ?? ['reader', label], queryFn: load });
  return (
    <div>
      <p data-testid={label}>
        {result.state === 'loaded' ? result.data : result.state === 'failed' ? result.message : 'Loading…'}
      </p>
      <button type="button" onClick={() => void reload()}>
        Reload {label}
      </button>
    </div>
  );
}

const flush = () => act(async () => {});

describe('useLoad, the query layer', () => {
  afterEach(cleanup);

  it('never lets a slow earlier answer overwrite a newer one', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const answers = [Promise.resolve('first answer'), slow.promise, fast.promise];
    render(<Reader load={() => answers.shift() ?? Promise.resolve('unexpected')} />);
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('first answer');
    // Two reloads in a row (a change, then another): the first one's answer is slow.
    fireEvent.click(screen.getByRole('button', { name: 'Reload reader' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload reader' }));
    fast.resolve('newer answer');
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('newer answer');
    slow.resolve('older answer');
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('newer answer');
  });

  it('shows the answer for the key on screen, not a slow one for the key before', async () => {
    const pageOne = deferred<string>();
    const load = (page: number) => (page === 1 ? pageOne.promise : Promise.resolve('page 2'));
    const { rerender } = render(<Reader load={() => load(1)} queryKey={['list', '1']} />);
    rerender(<Reader load={() => load(2)} queryKey={['list', '2']} />);
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('page 2');
    pageOne.resolve('page 1');
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('page 2');
  });

  it('sends one request for two screens reading the same key at once, and shows both the answer', async () => {
    const answer = deferred<string>();
    const load = jest.fn(() => answer.promise);
    render(
      <>
        <Reader load={load} queryKey={['shared']} label="one" />
        <Reader load={load} queryKey={['shared']} label="two" />
      </>,
    );
    answer.resolve('the plan');
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('one').textContent).toBe('the plan');
    expect(screen.getByTestId('two').textContent).toBe('the plan');
  });

  it('loads again after a change invalidates the key, keeping the old answer on screen meanwhile', async () => {
    let balance = 10;
    const later = deferred<void>();
    const load = jest.fn(async () => {
      if (balance === 20) await later.promise;
      return `${balance} credits`;
    });
    render(<Reader load={load} queryKey={['billing', 'wallet-balance']} />);
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('10 credits');
    // A purchase elsewhere changed the balance and invalidates what it affects.
    balance = 20;
    await act(async () => {
      void remoteQueryClient.invalidateQueries({ queryKey: ['billing'] });
    });
    expect(screen.getByTestId('reader').textContent).toBe('10 credits');
    later.resolve();
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('20 credits');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a failure, then loading and the answer after "Try again"', async () => {
    const { ApiError } = jest.requireActual('@dcipher/shared/client');
    let attempts = 0;
    render(
      <Reader
        load={async () => {
          attempts += 1;
          if (attempts === 1) throw new ApiError('Server error', 500, undefined);
          return 'loaded';
        }}
      />,
    );
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Reload reader' }));
    await flush();
    expect(screen.getByTestId('reader').textContent).toBe('loaded');
  });
});
