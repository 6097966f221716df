import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RemoteScreenHost } from './remote-screen';

afterEach(cleanup);

function Greeting({ navigate }: { navigate: (to: string) => void }) {
  return (
    <button type="button" onClick={() => navigate('/account')}>
      Remote loaded
    </button>
  );
}

describe('RemoteScreenHost', () => {
  it('shows a loading state, then the remote screen with the host navigate', async () => {
    const navigate = jest.fn();
    render(<RemoteScreenHost load={() => Promise.resolve(Greeting)} navigate={navigate} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    fireEvent.click(await screen.findByRole('button', { name: 'Remote loaded' }));
    expect(navigate).toHaveBeenCalledWith('/account');
  });

  it('shows a fallback with a retry when the remote cannot be loaded, and retrying loads it', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockResolvedValueOnce(Greeting);
    render(<RemoteScreenHost load={load} navigate={jest.fn()} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Remote loaded' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in a frame, shows the failure under its own heading and lets the page decide how to retry', async () => {
    const retry = jest.fn();
    const load = jest.fn().mockRejectedValue(new Error('connection refused'));
    render(
      <RemoteScreenHost
        load={load}
        navigate={jest.fn()}
        frame={(title, content) => (
          <main>
            <h1>{title ?? 'Log in'}</h1>
            {content}
          </main>
        )}
        retry={retry}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
