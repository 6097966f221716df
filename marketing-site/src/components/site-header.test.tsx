import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SiteHeader } from './site-header';
import { footerColumns } from './site-links';

afterEach(cleanup);

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

  it('is in the footer’s product links too', () => {
    const product = footerColumns.find((column) => column.heading === 'Product');
    expect(product?.links).toContainEqual({ label: 'Workflow store', to: '/workflow-store' });
  });
});
