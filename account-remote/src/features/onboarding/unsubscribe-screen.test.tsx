import { authStore, configureAuth } from '@dcipher/shared/auth';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { renderScreen } from '../../test-support/render-screen';

// The API is faked at the fetch level: the real client builds the request and maps the answers.
const token = 'a'.repeat(64);
let requests: { method: string; url: string }[] = [];
let answer: () => Promise<Response> = async () => Response.json({});
const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  requests.push({ method: request.method, url: request.url });
  return answer();
}) as typeof fetch;

const initialState = authStore.getState();
configureAuth({ apiBaseUrl: 'http://api.test', cookieDomain: 'localhost', fetch: fakeFetch });

async function renderAt(path: string) {
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const linkFor = (email: string) => `/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
const errorAnswer = (statusCode: number, message: string, code: string) => async () =>
  Response.json({ statusCode, error: 'Error', message, code }, { status: statusCode });

/** An answer the test settles when it wants, to see the in-progress state first. */
function pendingAnswer() {
  let settle: (response: Response) => void = () => {};
  answer = () => new Promise<Response>((resolve) => (settle = resolve));
  return (response: Response) => settle(response);
}

afterEach(() => {
  cleanup();
  requests = [];
  authStore.setState(initialState, true);
});

describe('Unsubscribe from product news', () => {
  it('asks first: opening the link alone sends nothing', async () => {
    await renderAt(linkFor('ada@example.com'));
    expect(heading()).toBe('Unsubscribe from product news');
    expect(screen.getByText(/^Unsubscribe/, { selector: 'p' }).textContent).toBe(
      'Unsubscribe ada@example.com from Dcipher emails about product news?',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    await act(async () => {});
    expect(requests).toEqual([]);
  });

  it('shows progress, then the confirmation', async () => {
    const settle = pendingAnswer();
    const { navigate } = await renderAt(linkFor('Ada+news@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    const busy = await screen.findByRole('button', { name: 'Unsubscribing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(requests).toEqual([
      {
        method: 'DELETE',
        url: `http://api.test/emailunsubscribes/Ada%2Bnews%40example.com?token=${token}`,
      },
    ]);

    await act(async () => settle(Response.json({ email: 'ada+news@example.com', unsubscribed: true })));
    expect(heading()).toBe('You are unsubscribed');
    expect(screen.getByRole('status').textContent).toBe(
      'ada+news@example.com will no longer receive Dcipher emails about product news.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('explains a link the API refuses and offers to contact us', async () => {
    answer = errorAnswer(403, 'This unsubscribe link is not valid.', 'UNSUBSCRIBE_LINK_INVALID');
    const { navigate } = await renderAt(linkFor('ada@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid.');
    expect(heading()).toBe('We could not unsubscribe you');
    expect(screen.queryByRole('button', { name: /Unsubscribe|Try again/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(navigate).toHaveBeenCalledWith('/contact-us');
  });

  it('keeps the question and offers to try again when the call fails', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await renderAt(linkFor('ada@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach Dcipher. Check your connection and try again.',
    );
    expect(heading()).toBe('Unsubscribe from product news');

    answer = async () => Response.json({ email: 'ada@example.com', unsubscribed: true });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });

  it('shows a server failure as "Server error", with a retry', async () => {
    answer = errorAnswer(500, 'database exploded', 'INTERNAL');
    await renderAt(linkFor('ada@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says an incomplete link is not valid, without calling the API', async () => {
    for (const path of [
      '/unsubscribe',
      '/unsubscribe?email=ada%40example.com',
      `/unsubscribe?token=${token}`,
    ]) {
      const { navigate } = await renderAt(path);
      expect(heading()).toBe('We could not unsubscribe you');
      expect(screen.getByRole('alert').textContent).toBe('This unsubscribe link is not valid.');
      fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
      expect(navigate).toHaveBeenCalledWith('/contact-us');
      cleanup();
    }
    expect(requests).toEqual([]);
  });

  it('lets a reader keep their subscription', async () => {
    const { navigate } = await renderAt(linkFor('ada@example.com'));
    fireEvent.click(screen.getByRole('link', { name: 'Keep me subscribed' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
