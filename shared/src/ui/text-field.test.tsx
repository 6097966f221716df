/** @jest-environment ../jest.jsdom-environment.cjs */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';

afterEach(cleanup);

import { TextField } from './text-field.js';

describe('TextField', () => {
  it('a password field has a Show toggle that reveals and hides what was typed', () => {
    render(<TextField label="Password" type="password" defaultValue="Harbour-Lights-2026" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);

    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(input.value).toBe('Harbour-Lights-2026');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('the toggle never submits the form it sits in', () => {
    const submitted = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <TextField label="Password" type="password" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(submitted).not.toHaveBeenCalled();
  });

  it("in a page's HTML the toggle is disabled, since it cannot work before the page's script runs", () => {
    const html = renderToString(<TextField label="Password" type="password" />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Show/);
    render(<TextField label="Password" type="password" />);
    expect((screen.getByRole('button', { name: 'Show password' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('other fields have no toggle', () => {
    render(<TextField label="Work email" type="email" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
