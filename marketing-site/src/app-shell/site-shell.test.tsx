import { consentStorageKey } from '@dcipher/shared/analytics';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Layout } from '../components/layout';
import { SiteShell } from './site-shell';

const globals = globalThis as unknown as { __MAINTENANCE_MODE__: boolean };

afterEach(() => {
  cleanup();
  globals.__MAINTENANCE_MODE__ = false;
  localStorage.clear();
});

describe('SiteShell', () => {
  it('replaces the whole site with the maintenance page when the flag is on', () => {
    globals.__MAINTENANCE_MODE__ = true;
    render(
      <SiteShell>
        <p>Pricing page</p>
      </SiteShell>,
    );
    expect(screen.queryByText('Pricing page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We'll be back soon");
    expect(screen.getByText('Scheduled maintenance in progress.')).toBeTruthy();
    expect(screen.getByText('We will be back in a couple of hours.')).toBeTruthy();
  });

  it('shows the page and asks for consent once, remembering the answer', async () => {
    render(
      <SiteShell>
        <Layout>
          <p>Pricing page</p>
        </Layout>
      </SiteShell>,
    );
    expect(screen.getByText('Pricing page')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept analytics' }));
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(localStorage.getItem(consentStorageKey)).toBe('granted');

    // The footer's "Privacy choices" opens it again, saying what was chosen, and the choice can be changed.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Privacy choices' }));
    });
    expect(screen.getByRole('region', { name: 'Cookie consent' }).textContent).toContain('(now: allowed)');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(localStorage.getItem(consentStorageKey)).toBe('denied');
  });
});

describe('Layout', () => {
  it('does not interrupt the login-style screens with the consent banner', async () => {
    render(
      <Layout bare>
        <p>Sign-up screen</p>
      </Layout>,
    );
    expect(screen.getByText('Sign-up screen')).toBeTruthy();
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
