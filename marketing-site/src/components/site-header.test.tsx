import { authStore } from '@dcipher/shared/auth';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { SiteHeader } from './site-header';
import { footerColumns } from './site-links';

const initialAuth = authStore.getState();
afterEach(() => {
  cleanup();
  authStore.setState(initialAuth, true);
});

describe('SiteHeader', () => {
  it('links the workflow store from the main navigation, the one the phone menu folds away', () => {
    render(<SiteHeader />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const menu = screen.getByRole('button', { name: /Menu/ });
    expect(menu.getAttribute('aria-controls')).toBe(main.id);
    expect(within(main).getByRole('link', { name: 'Workflow store' }).getAttribute('href')).toBe(
      '/workflow-store',
    );
    act(() => {
      fireEvent.click(menu);
    });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    // Opening the phone menu and following the link closes the menu again.
    act(() => {
      fireEvent.click(within(main).getByRole('link', { name: 'Workflow store' }));
    });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it("keeps the phone menu open that the head's script opened before the page's scripts ran (decision 0137)", () => {
    const root = document.documentElement;
    root.setAttribute('data-menu-open', '');
    render(<SiteHeader />);
    const menu = screen.getByRole('button', { name: /Menu/ });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(root.hasAttribute('data-menu-open')).toBe(false);
    expect(root.hasAttribute('data-header-live')).toBe(true);
    // From here the header answers the button itself.
    act(() => {
      fireEvent.click(menu);
    });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    root.removeAttribute('data-header-live');
  });

  it('is in the footer’s product links too', () => {
    const product = footerColumns.find((column) => column.heading === 'Product');
    expect(product?.links).toContainEqual({ label: 'Workflow store', to: '/workflow-store' });
  });

  it('offers no signing in on an account page until the session is known (its HTML included)', () => {
    authStore.setState({ status: 'authenticating' });
    const html = renderToString(<SiteHeader accountArea />);
    expect(html).not.toContain('Log in');
    expect(html).not.toContain('Start free trial');
    // A content page's HTML still offers them.
    expect(renderToString(<SiteHeader />)).toContain('Start free trial');

    render(<SiteHeader accountArea />);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    act(() => authStore.setState({ status: 'authenticated' }));
    expect(screen.getByRole('link', { name: 'My account' })).toBeTruthy();
    // Without a session the visitor is on their way to log in (docs/decisions/0084): still nothing offered.
    act(() => authStore.setState({ status: 'anonymous' }));
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start free trial' })).toBeNull();
  });

  it('offers signing in on the checkout, which welcomes a visitor without a session, once the store says so', () => {
    authStore.setState({ status: 'authenticating' });
    expect(renderToString(<SiteHeader accountArea="welcomes-anonymous" />)).not.toContain('Log in');
    render(<SiteHeader accountArea="welcomes-anonymous" />);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    act(() => authStore.setState({ status: 'anonymous' }));
    expect(screen.getByRole('link', { name: 'Start free trial' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });
});
